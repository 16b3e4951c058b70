package dev.stratus.tests.chaos.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.bootstrap.gpu.NvidiaSmiXml;
import dev.stratus.bootstrap.health.DcgmDiag;
import dev.stratus.bootstrap.health.GpuHealthXml;
import dev.stratus.bootstrap.health.GpuReading;
import dev.stratus.bootstrap.health.GpuSnapshot;
import dev.stratus.bootstrap.health.HealthClassifier;
import dev.stratus.bootstrap.health.KernelLogXid;
import dev.stratus.bootstrap.health.NvlinkStatus;
import dev.stratus.wire.GpuFinding;
import dev.stratus.wire.GpuHealthCodec;
import dev.stratus.wire.GpuHealthReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import org.junit.jupiter.api.Assertions;

/**
 * Seeded, bounded fuzzing of what the GPU health checks read from the machine (nvidia-smi's XML,
 * {@code nvidia-smi nvlink -s}, {@code dcgmi diag -j}, kernel-log lines) and of the health report
 * the controller reads ({@link GpuHealthCodec}). Each input is accepted, all the way to findings
 * and a report that reads back equal, or refused with the documented exception naming the input
 * ({@link FuzzTarget}); none may take more than a few seconds.
 */
class GpuHealthFuzzTest {
  static final String SEED = DocumentFuzzTest.SEED;
  static final Instant NOW = DocumentFuzzTest.NOW;
  static final Duration NO_HANG = Duration.ofSeconds(10);
  static final Path FIXTURES =
      Path.of(System.getProperty("basedir", ".")).resolve("../node-bootstrap/src/test/resources");

  /** Findings for what was read, then a report that must read back equal. */
  static void classifyAndRoundTrip(
      List<GpuReading> gpus, List<NvlinkStatus.Gpu> nvlink, List<KernelLogXid.XidEvent> xids) {
    GpuSnapshot s = new GpuSnapshot(gpus, nvlink);
    List<GpuFinding> findings =
        HealthClassifier.classify(
            Optional.of(s), Optional.of(s), xids, 8, HealthClassifier.Policy.WATCH);
    GpuHealthReport r =
        new GpuHealthReport(
            "gpu-001",
            "i-1",
            NOW,
            1,
            GpuHealthReport.Read.OK,
            findings.subList(0, Math.min(findings.size(), GpuHealthReport.MAX_FINDINGS)),
            List.of());
    if (!GpuHealthCodec.parse(GpuHealthCodec.write(r)).equals(r)) {
      throw new IllegalStateException("report does not read back equal: " + r);
    }
  }

  static final FuzzTarget HEALTH_XML =
      new FuzzTarget(
          "nvidia-smi health XML",
          NvidiaSmiXml.BadXmlException.class,
          "nvidia-smi XML",
          s -> classifyAndRoundTrip(GpuHealthXml.parse(s), List.of(), List.of()));
  static final FuzzTarget NVLINK =
      new FuzzTarget(
          "nvidia-smi nvlink -s",
          IllegalArgumentException.class,
          "nvlink",
          s -> classifyAndRoundTrip(List.of(), NvlinkStatus.parse(s), List.of()));
  static final FuzzTarget DCGMI =
      new FuzzTarget(
          "dcgmi diag -j", DcgmDiag.BadDiagException.class, "dcgmi diag JSON", DcgmDiag::parse);
  static final FuzzTarget KERNEL_LOG =
      new FuzzTarget(
          "kernel-log XID line",
          IllegalArgumentException.class,
          "kernel log",
          s ->
              classifyAndRoundTrip(
                  List.of(),
                  List.of(),
                  s.lines().flatMap(l -> KernelLogXid.parse(l).stream()).toList()));
  static final FuzzTarget HEALTH_REPORT =
      new FuzzTarget(
          "health report body",
          IllegalArgumentException.class,
          "health report",
          s -> {
            GpuHealthReport r = GpuHealthCodec.parse(s);
            if (!GpuHealthCodec.parse(GpuHealthCodec.write(r)).equals(r)) {
              throw new IllegalStateException("report does not read back equal: " + r);
            }
          });

  static void attempt(FuzzTarget target, String input) {
    Assertions.assertTimeoutPreemptively(NO_HANG, () -> target.attempt(input));
  }

  static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<String> fixtures(String dir, String prefix) {
    try (Stream<Path> files = Files.list(FIXTURES.resolve(dir))) {
      List<String> seeds =
          files
              .filter(p -> p.getFileName().toString().startsWith(prefix))
              .sorted()
              .map(GpuHealthFuzzTest::read)
              .toList();
      assertThat(seeds).isNotEmpty();
      return seeds;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // ---- nvidia-smi -q -x, health fields ----

  @Provide
  Arbitrary<String> healthXml() {
    return Mutations.of(
        fixtures("nvidia-smi", "health-"),
        List.of(
            "<!DOCTYPE a [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>",
            "&e;",
            "N/A",
            "-1",
            "99999999999999999999",
            "<dram_uncorrectable>",
            "</dram_uncorrectable>",
            "<remapped_row_failure>Yes</remapped_row_failure>",
            "<clocks_event_reason_hw_slowdown>Active</clocks_event_reason_hw_slowdown>",
            "<current_link_width>0x</current_link_width>",
            "<minor_number>300</minor_number>",
            "<pci_bus_id></pci_bus_id>",
            "<gpu_temp_tlimit>-99999999999 C</gpu_temp_tlimit>",
            "<power_draw>1e308 W</power_draw>",
            "<gpu>",
            "</gpu>",
            "<",
            ">"));
  }

  @Property(tries = 400, seed = SEED)
  void healthXml(@ForAll("healthXml") String s) {
    attempt(HEALTH_XML, s);
  }

  // ---- nvidia-smi nvlink -s ----

  @Provide
  Arbitrary<String> nvlink() {
    return Mutations.of(
        fixtures("health", "nvlink-"),
        List.of(
            "GPU 0: X (UUID: GPU-1)\n",
            "\t Link 99: <inactive>\n",
            "Link",
            ":",
            "\n",
            "GPU 999: "));
  }

  @Property(tries = 1000, seed = SEED)
  void nvlink(@ForAll("nvlink") String s) {
    attempt(NVLINK, s);
  }

  // ---- dcgmi diag -j ----

  @Provide
  Arbitrary<String> dcgmi() {
    List<String> tokens = new ArrayList<>(DocumentFuzzTest.JSON_TOKENS);
    tokens.addAll(List.of("\"status\":\"Fail\"", "\"warnings\":[1,{}]", "\"gpu_ids\":[]"));
    return Mutations.of(fixtures("health", "dcgmi-"), tokens);
  }

  @Property(tries = 2000, seed = SEED)
  void dcgmi(@ForAll("dcgmi") String s) {
    attempt(DCGMI, s);
  }

  // ---- kernel-log lines ----

  @Provide
  Arbitrary<String> kernelLog() {
    List<String> seeds = new ArrayList<>(fixtures("health", "kmsg-"));
    seeds.addAll(fixtures("health", "dmesg-"));
    return Mutations.of(
        seeds,
        List.of(
            "NVRM: Xid (PCI:0000:3b:00): ",
            "99999, ",
            "pid=",
            "name=,",
            "(PCI:ffffffff:ff:ff.9)",
            "\n6,1,99999999999999999999,-;",
            "[ 99999999999999.9]"));
  }

  @Property(tries = 2000, seed = SEED)
  void kernelLog(@ForAll("kernelLog") String s) {
    attempt(KERNEL_LOG, s);
  }

  // ---- the health report the controller reads ----

  @Provide
  Arbitrary<String> healthReports() {
    return Mutations.of(
        List.of(
            "{\"node\":\"gpu-001\",\"instanceId\":\"i-0abc\",\"seenAt\":\"2026-11-21T12:00:00Z\","
                + "\"sequence\":12,\"read\":\"ok\",\"findings\":[{\"gpu\":\"00000000:3B:00.0\","
                + "\"class\":\"xid\",\"xid\":79,\"action\":\"requeue-now\",\"event\":true,"
                + "\"detail\":\"GPU has fallen off the bus\"}],\"samples\":[{\"index\":0,"
                + "\"busId\":\"00000000:3B:00.0\",\"util\":0,\"memUsedMiB\":1,"
                + "\"memTotalMiB\":81559}]}",
            "{\"node\":\"gpu-001\",\"instanceId\":\"i-0abc\",\"seenAt\":\"2026-11-21T12:00:00Z\","
                + "\"sequence\":13,\"read\":\"timed_out\",\"findings\":[],\"samples\":[]}"),
        DocumentFuzzTest.JSON_TOKENS);
  }

  @Property(tries = 3000, seed = SEED)
  void healthReports(@ForAll("healthReports") String s) {
    attempt(HEALTH_REPORT, s);
  }

  @AfterContainer
  static void recordFigures() {
    Stream.of(HEALTH_XML, NVLINK, DCGMI, KERNEL_LOG, HEALTH_REPORT).forEach(FuzzTarget::record);
  }
}
