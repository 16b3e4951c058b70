package dev.stratus.tests.chaos.fuzz;

import dev.stratus.api.resilience.RetryAfter;
import dev.stratus.bootstrap.gpu.NvidiaSmiXml;
import dev.stratus.hook.ResumeFiles;
import dev.stratus.hook.hostlist.Hostlist;
import dev.stratus.hook.hostlist.HostlistException;
import dev.stratus.provider.azure.ArmOperationErrors;
import dev.stratus.spot.AwsNotices;
import dev.stratus.spot.AzureNotices;
import dev.stratus.spot.GcpNotices;
import dev.stratus.spot.NoticeFormatException;
import dev.stratus.wire.BootstrapReportCodec;
import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeJsonCodec;
import dev.stratus.wire.NoticeState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Seeded, bounded fuzzing of the text formats Stratus reads from outside: hostlists, the resume
 * file, notice and bootstrap bodies on the wire, nvidia-smi XML and the clouds' documents (the
 * metadata services' notices, ARM operation errors, {@code Retry-After}). Each input is accepted or
 * refused with the parser's documented exception naming the input ({@link FuzzTarget}); the counts
 * go to {@code reliability.json}.
 */
class DocumentFuzzTest {
  static final String SEED = "20261125";
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final List<String> JSON_TOKENS =
      List.of(
          "{",
          "}",
          "[",
          "]",
          "\"",
          ":",
          ",",
          "null",
          "true",
          "-1",
          "1e999",
          "0.5",
          "9223372036854775808",
          "\"\"",
          "{\"a\":[",
          "\\u0000",
          "\"\\ud800\"",
          "[[[[[[[[",
          "NaN");

  static final FuzzTarget HOSTLIST =
      new FuzzTarget(
          "hostlist",
          HostlistException.class,
          "invalid hostlist",
          s -> {
            List<String> names = Hostlist.expand(s);
            if (!Hostlist.expand(Hostlist.compress(names)).equals(names)) {
              throw new IllegalStateException("compress does not expand back to " + names);
            }
          });
  static final FuzzTarget RESUME_FILE =
      new FuzzTarget(
          "SLURM_RESUME_FILE", IllegalArgumentException.class, "resume file", ResumeFiles::parse);
  static final FuzzTarget NOTICE =
      new FuzzTarget(
          "notice body", IllegalArgumentException.class, "notice", NoticeJsonCodec::parse);
  static final FuzzTarget NOTICE_STATE =
      new FuzzTarget(
          "notice state body",
          IllegalArgumentException.class,
          "notice state",
          s -> NoticeJsonCodec.parseState("i-1", s));
  static final FuzzTarget BOOTSTRAP =
      new FuzzTarget(
          "bootstrap report body",
          IllegalArgumentException.class,
          "bootstrap report",
          s -> BootstrapReportCodec.parse(s, "10.0.0.1", NOW));
  static final FuzzTarget NVIDIA_SMI =
      new FuzzTarget(
          "nvidia-smi XML",
          NvidiaSmiXml.BadXmlException.class,
          "nvidia-smi XML",
          NvidiaSmiXml::parse);
  static final FuzzTarget AWS_INSTANCE_ACTION =
      new FuzzTarget(
          "aws spot/instance-action",
          NoticeFormatException.class,
          "aws spot/instance-action",
          s -> AwsNotices.instanceAction("i-1", s, NOW));
  static final FuzzTarget AWS_REBALANCE =
      new FuzzTarget(
          "aws events/recommendations/rebalance",
          NoticeFormatException.class,
          "rebalance",
          s -> AwsNotices.rebalance("i-1", s, NOW));
  static final FuzzTarget AZURE_SCHEDULED_EVENTS =
      new FuzzTarget(
          "azure scheduledevents",
          NoticeFormatException.class,
          "scheduledevents",
          s -> AzureNotices.scheduledEvents("vm-1", s, NOW));
  static final FuzzTarget GCP_PREEMPTED =
      new FuzzTarget(
          "gcp instance/preempted",
          NoticeFormatException.class,
          "gcp instance/preempted",
          s -> GcpNotices.preempted("i-1", s, NOW));
  static final FuzzTarget GCP_MAINTENANCE =
      new FuzzTarget(
          "gcp instance/maintenance-event",
          NoticeFormatException.class,
          "gcp instance/maintenance-event",
          s -> GcpNotices.maintenanceEvent("i-1", s, NOW));
  static final FuzzTarget RETRY_AFTER =
      new FuzzTarget(
          "Retry-After header",
          IllegalArgumentException.class,
          "Retry-After",
          s -> {
            if (RetryAfter.parse(s, NOW).filter(d -> !d.isNegative()).isEmpty()) {
              throw new IllegalArgumentException("Retry-After '" + s + "' is no wait");
            }
          });
  static final FuzzTarget ARM_OPERATION_ERROR =
      new FuzzTarget(
          "ARM operation error body",
          IllegalArgumentException.class,
          "ARM",
          s -> {
            var error = ArmOperationErrors.of(409, s);
            if (error == null || error.code() == null || error.message() == null) {
              throw new IllegalStateException("no error code or message for " + s);
            }
          });

  // ---- hostlists ----

  @Provide
  Arbitrary<String> hostlists() {
    return Mutations.of(
        List.of("gpu-[001-008]", "a[1-3,5]b,c-[01-02]", "node1,node2", "gpu-[001-002,005],x"),
        List.of(
            "[",
            "]",
            ",",
            "-",
            "0",
            "99999999",
            "^",
            "[1-100000]",
            "[0-9223372036854775807]",
            "[-]",
            "[01-1]",
            "[,]",
            "[a-b]"));
  }

  @Property(tries = 3000, seed = SEED)
  void hostlists(@ForAll("hostlists") String s) {
    HOSTLIST.attempt(s);
  }

  // ---- SLURM_RESUME_FILE ----

  @Provide
  Arbitrary<String> resumeFiles() {
    return Mutations.of(
        List.of(
            "{\"jobs\":[{\"job_id\":1,\"nodes\":\"gpu-[001-002]\"}],\"all_nodes\":\"gpu-[001-002]\"}",
            "{\"all_nodes_resume\":\"gpu-001\",\"jobs\":[{\"extra\":[1,{}],\"job_id\":7,"
                + "\"nodes_alloc\":\"gpu-[001-002]\",\"nodes_resume\":\"gpu-001\"},"
                + "{\"job_id\":8,\"nodes_resume\":null}]}"),
        Stream.concat(
                JSON_TOKENS.stream(),
                Stream.of(
                    "\"jobs\"", "\"job_id\"", "\"nodes\"", "\"all_nodes\"", "\"nodes_resume\""))
            .toList());
  }

  @Property(tries = 3000, seed = SEED)
  void resumeFiles(@ForAll("resumeFiles") String s) {
    RESUME_FILE.attempt(s);
  }

  // ---- the signed channel's bodies ----

  @Provide
  Arbitrary<String> notices() {
    return Mutations.of(
        List.of(
            NoticeJsonCodec.write(
                new InterruptionNotice(
                    "i-1", InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(120), NOW)),
            NoticeJsonCodec.write(
                new InterruptionNotice(
                    "i-1", InterruptionNotice.Kind.MAINTENANCE, NOW.plusSeconds(60), NOW))),
        Stream.concat(
                JSON_TOKENS.stream(),
                Stream.of(
                    "\"kind\"", "\"RECLAIM\"", "\"deadline\"", "\"+1000000000-12-31T23:59:59Z\""))
            .toList());
  }

  @Property(tries = 3000, seed = SEED)
  void notices(@ForAll("notices") String s) {
    NOTICE.attempt(s);
  }

  @Provide
  Arbitrary<String> noticeStates() {
    return Mutations.of(
        Stream.of(NoticeState.values()).map(st -> NoticeJsonCodec.writeState("i-1", st)).toList(),
        JSON_TOKENS);
  }

  @Property(tries = 1500, seed = SEED)
  void noticeStates(@ForAll("noticeStates") String s) {
    NOTICE_STATE.attempt(s);
  }

  @Provide
  Arbitrary<String> bootstrapReports() {
    return Mutations.of(
        List.of(
            BootstrapReportCodec.write("gpu-001", "gpus", false, NOW, "gpu: found 0 of 8 h100"),
            BootstrapReportCodec.write("gpu-002", "slurmd", true, NOW, "")),
        Stream.concat(JSON_TOKENS.stream(), Stream.of("\"ok\"", "\"node\"", "\"at\"")).toList());
  }

  @Property(tries = 3000, seed = SEED)
  void bootstrapReports(@ForAll("bootstrapReports") String s) {
    BOOTSTRAP.attempt(s);
  }

  // ---- nvidia-smi -q -x ----

  @Provide
  Arbitrary<String> nvidiaSmi() {
    Path dir =
        Path.of(System.getProperty("basedir", "."))
            .resolve("../node-bootstrap/src/test/resources/nvidia-smi");
    try (Stream<Path> files = Files.list(dir)) {
      List<String> seeds =
          files.sorted().map(DocumentFuzzTest::read).filter(x -> !x.isEmpty()).toList();
      return Mutations.of(
          seeds,
          List.of(
              "<!DOCTYPE a [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>",
              "<!DOCTYPE a [<!ENTITY x \"xxxxxxxx\"><!ENTITY y \"&x;&x;&x;&x;&x;&x;\">]>",
              "&e;",
              "&y;",
              "&#0;",
              "&amp;",
              "<gpu id=\"00000000:18:00.0\">",
              "</gpu>",
              "<product_name>",
              "</product_name>",
              "<![CDATA[",
              "]]>",
              "<?xml version=\"1.1\"?>",
              "<fb_memory_usage><total>81559 MiB</total></fb_memory_usage>",
              "<",
              ">",
              "/"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Property(tries = 1000, seed = SEED)
  void nvidiaSmi(@ForAll("nvidiaSmi") String s) {
    NVIDIA_SMI.attempt(s);
  }

  // ---- what the clouds say: metadata notices, ARM errors, Retry-After ----

  @Provide
  Arbitrary<String> instanceActions() {
    return Mutations.of(
        List.of(
            "{\"action\": \"terminate\", \"time\": \"2026-11-21T12:02:00Z\"}",
            "{\"action\": \"stop\", \"time\": \"2026-11-21T12:02:00Z\"}"),
        Stream.concat(JSON_TOKENS.stream(), Stream.of("\"hibernate\"", "\"time\"")).toList());
  }

  @Property(tries = 2000, seed = SEED)
  void instanceActions(@ForAll("instanceActions") String s) {
    AWS_INSTANCE_ACTION.attempt(s);
  }

  @Provide
  Arbitrary<String> rebalances() {
    return Mutations.of(List.of("{\"noticeTime\": \"2026-11-21T11:59:58Z\"}"), JSON_TOKENS);
  }

  @Property(tries = 1000, seed = SEED)
  void rebalances(@ForAll("rebalances") String s) {
    AWS_REBALANCE.attempt(s);
  }

  @Provide
  Arbitrary<String> scheduledEvents() {
    return Mutations.of(
        List.of(
            "{\"DocumentIncarnation\": 2, \"Events\": [{\"EventId\": \"A1\", \"EventType\":"
                + " \"Preempt\", \"ResourceType\": \"VirtualMachine\", \"Resources\": [\"vm-1\"],"
                + " \"EventStatus\": \"Scheduled\", \"NotBefore\": \"Sat, 21 Nov 2026 12:00:30"
                + " GMT\", \"Description\": \"\", \"EventSource\": \"Platform\","
                + " \"DurationInSeconds\": -1}]}",
            "{\"DocumentIncarnation\": 1, \"Events\": [{\"EventId\": \"B2\", \"EventType\":"
                + " \"Freeze\", \"ResourceType\": \"VirtualMachine\", \"Resources\": [\"vm-2\"],"
                + " \"EventStatus\": \"Started\", \"NotBefore\": \"\"}]}"),
        Stream.concat(
                JSON_TOKENS.stream(),
                Stream.of(
                    "\"Terminate\"", "\"Reboot\"", "\"Redeploy\"", "\"vm-1\"", "\"NotBefore\""))
            .toList());
  }

  @Property(tries = 2000, seed = SEED)
  void scheduledEvents(@ForAll("scheduledEvents") String s) {
    AZURE_SCHEDULED_EVENTS.attempt(s);
  }

  @Provide
  Arbitrary<String> gcpValues() {
    return Mutations.of(
        List.of(
            "TRUE",
            "FALSE",
            "NONE",
            "TERMINATE_ON_HOST_MAINTENANCE",
            "MIGRATE_ON_HOST_MAINTENANCE"),
        List.of(" ", "\n", "_", "TRUE", "\0"));
  }

  @Property(tries = 1000, seed = SEED)
  void gcpValues(@ForAll("gcpValues") String s) {
    GCP_PREEMPTED.attempt(s);
    GCP_MAINTENANCE.attempt(s);
  }

  @Provide
  Arbitrary<String> armOperationErrors() {
    return Mutations.of(
        List.of(
            "{\"status\":\"Failed\",\"error\":{\"code\":\"AllocationFailed\",\"message\":\"no\"}}",
            "{\"error\":{\"code\":\"OverconstrainedAllocationRequest\",\"message\":\"m\","
                + "\"details\":[{\"code\":\"ZonalAllocationFailed\",\"message\":\"z\"}]}}"),
        Stream.concat(JSON_TOKENS.stream(), Stream.of("\"code\"", "\"details\"", "\"message\""))
            .toList());
  }

  @Property(tries = 2000, seed = SEED)
  void armOperationErrors(@ForAll("armOperationErrors") String s) {
    ARM_OPERATION_ERROR.attempt(s);
  }

  @Provide
  Arbitrary<String> retryAfters() {
    return Mutations.of(
        List.of("45", "0", "Sat, 21 Nov 2026 12:01:00 GMT", "Tue, 31 Dec 9999 23:59:59 GMT"),
        List.of("9", "99999999999999999999", "-", " ", "GMT", "+0100", "\u0663"));
  }

  @Property(tries = 2000, seed = SEED)
  void retryAfters(@ForAll("retryAfters") String s) {
    RETRY_AFTER.attempt(s);
  }

  @AfterContainer
  static void recordFigures() {
    Stream.of(
            HOSTLIST,
            RESUME_FILE,
            NOTICE,
            NOTICE_STATE,
            BOOTSTRAP,
            NVIDIA_SMI,
            AWS_INSTANCE_ACTION,
            AWS_REBALANCE,
            AZURE_SCHEDULED_EVENTS,
            GCP_PREEMPTED,
            GCP_MAINTENANCE,
            ARM_OPERATION_ERROR,
            RETRY_AFTER)
        .forEach(FuzzTarget::record);
  }
}
