package dev.stratus.bootstrap.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.wire.GpuFinding;
import dev.stratus.wire.HealthAction;
import java.util.List;
import java.util.Optional;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

class HealthClassifierTest {
  static GpuSnapshot snap(String xml, String nvlink) throws Exception {
    return new GpuSnapshot(
        GpuHealthXml.parse(HealthFixtures.text("nvidia-smi/" + xml)),
        NvlinkStatus.parse(HealthFixtures.text("health/" + nvlink)));
  }

  static List<GpuFinding> classify(String xml) throws Exception {
    return HealthClassifier.classify(
        Optional.empty(),
        Optional.of(snap(xml, "nvlink-h100-8-ok.txt")),
        List.of(),
        8,
        HealthClassifier.Policy.WATCH);
  }

  @Test
  void aHealthyNodeHasNoFindings() throws Exception {
    assertThat(classify("health-h100-8-ok.xml")).isEmpty();
  }

  @Test
  void eachFixturesFaultIsClassifiedByTheTable() throws Exception {
    assertThat(classify("health-h100-8-ecc-uncorrectable.xml"))
        .containsExactly(
            new GpuFinding(
                "00000000:3B:00.0",
                "ecc-uncorrectable",
                0,
                HealthAction.REQUEUE_NOW,
                false,
                "volatile DRAM uncorrectable 2"));
    assertThat(classify("health-h100-8-remap-failure.xml"))
        .extracting(GpuFinding::gpu, GpuFinding::errorClass, GpuFinding::action)
        .containsExactly(
            Tuple.tuple("00000000:AB:00.0", "row-remap-failure", HealthAction.REPLACE));
    assertThat(classify("health-h100-8-hw-slowdown.xml"))
        .extracting(GpuFinding::gpu, GpuFinding::errorClass, GpuFinding::action)
        .containsExactly(Tuple.tuple("00000000:2A:00.0", "throttle", HealthAction.DRAIN_AFTER_JOB));
    assertThat(classify("health-h100-8-pcie-degraded.xml"))
        .extracting(GpuFinding::gpu, GpuFinding::errorClass, GpuFinding::detail)
        .containsExactly(
            Tuple.tuple("00000000:BA:00.0", "pcie-degraded", "PCIe gen 5 of 5, width x8 of x16"));
    assertThat(classify("health-h100-8-gpu-missing.xml"))
        .extracting(GpuFinding::gpu, GpuFinding::errorClass, GpuFinding::action)
        .containsExactly(Tuple.tuple("4", "gpu-missing", HealthAction.REQUEUE_NOW));
  }

  @Test
  void aGpuThatFellOffIsNamedByItsBusIdWhenThePreviousPollSawIt() throws Exception {
    List<GpuFinding> f =
        HealthClassifier.classify(
            Optional.of(snap("health-h100-8-ok.xml", "nvlink-h100-8-ok.txt")),
            Optional.of(snap("health-h100-8-gpu-missing.xml", "nvlink-h100-8-ok.txt")),
            List.of(),
            8,
            HealthClassifier.Policy.WATCH);
    assertThat(f).extracting(GpuFinding::gpu).containsExactly("00000000:9A:00.0");
  }

  @Test
  void aCorrectableStormNeedsThePreviousPoll() throws Exception {
    GpuSnapshot busy = snap("health-h100-8-busy-storm.xml", "nvlink-h100-8-ok.txt");
    GpuSnapshot before = snap("health-h100-8-ok.xml", "nvlink-h100-8-ok.txt");
    assertThat(
            HealthClassifier.classify(
                Optional.empty(), Optional.of(busy), List.of(), 8, HealthClassifier.Policy.WATCH))
        .isEmpty();

    List<GpuFinding> f =
        HealthClassifier.classify(
            Optional.of(before), Optional.of(busy), List.of(), 8, HealthClassifier.Policy.WATCH);
    assertThat(f)
        .containsExactly(
            new GpuFinding(
                "00000000:5D:00.0",
                "ecc-correctable-storm",
                0,
                HealthAction.DRAIN_AFTER_JOB,
                false,
                "volatile correctable 0 -> 450 since the last poll"));
    assertThat(
            HealthClassifier.classify(
                Optional.of(before),
                Optional.of(busy),
                List.of(),
                8,
                new HealthClassifier.Policy(1000, false)))
        .isEmpty();
  }

  @Test
  void aLinkDownIsNamedByTheGpusBusId() throws Exception {
    List<GpuFinding> f =
        HealthClassifier.classify(
            Optional.empty(),
            Optional.of(snap("health-h100-8-ok.xml", "nvlink-h100-8-gpu2-link3-7-down.txt")),
            List.of(),
            8,
            HealthClassifier.Policy.WATCH);
    assertThat(f)
        .containsExactly(
            new GpuFinding(
                "00000000:3B:00.0",
                "nvlink-down",
                0,
                HealthAction.DRAIN_AFTER_JOB,
                false,
                "links 3, 7 inactive, 16 active"));
  }

  @Test
  void persistenceOffIsAFindingOnlyWhenThePoolRequiresIt() throws Exception {
    String xml =
        HealthFixtures.text("nvidia-smi/health-h100-8-ok.xml")
            .replaceFirst("<persistence_mode>Enabled", "<persistence_mode>Disabled");
    GpuSnapshot s = new GpuSnapshot(GpuHealthXml.parse(xml), List.of());
    assertThat(
            HealthClassifier.classify(
                Optional.empty(), Optional.of(s), List.of(), 8, HealthClassifier.Policy.WATCH))
        .isEmpty();
    assertThat(
            HealthClassifier.classify(
                Optional.empty(),
                Optional.of(s),
                List.of(),
                8,
                new HealthClassifier.Policy(100, true)))
        .extracting(GpuFinding::gpu, GpuFinding::errorClass)
        .containsExactly(Tuple.tuple("00000000:18:00.0", "persistence-off"));
  }

  @Test
  void kernelLogXidsAreEventsWithTheTablesAction() {
    List<KernelLogXid.XidEvent> xids =
        HealthFixtures.text("health/dmesg-xids.txt")
            .lines()
            .flatMap(l -> KernelLogXid.parse(l).stream())
            .toList();

    List<GpuFinding> f =
        HealthClassifier.classify(
            Optional.empty(), Optional.empty(), xids, 8, HealthClassifier.Policy.WATCH);

    assertThat(f).allMatch(GpuFinding::event).allMatch(x -> x.errorClass().equals("xid"));
    assertThat(f)
        .extracting(GpuFinding::xid, GpuFinding::action)
        .containsExactly(
            Tuple.tuple(13, HealthAction.OK),
            Tuple.tuple(43, HealthAction.OK),
            Tuple.tuple(63, HealthAction.DRAIN_AFTER_JOB),
            Tuple.tuple(94, HealthAction.REQUEUE_NOW),
            Tuple.tuple(48, HealthAction.REQUEUE_NOW),
            Tuple.tuple(999, XidCatalog.UNKNOWN_XID));
    assertThat(f.get(2).gpu()).isEqualTo("00000000:AB:00.0");
    assertThat(f.get(2).detail()).startsWith("remap: Row Remapper: New row marked");
  }

  @Test
  void xid63ThatReportsAFailureIsRequeueNow() {
    assertThat(XidCatalog.action(63, "Row Remapper: recording failure"))
        .isEqualTo(HealthAction.REQUEUE_NOW);
    assertThat(XidCatalog.action(63, "New row marked for remapping"))
        .isEqualTo(HealthAction.DRAIN_AFTER_JOB);
    assertThat(XidCatalog.action(79, "")).isEqualTo(HealthAction.REQUEUE_NOW);
    assertThat(XidCatalog.action(12345 % 10000, "")).isEqualTo(HealthAction.DRAIN_AFTER_JOB);
  }
}
