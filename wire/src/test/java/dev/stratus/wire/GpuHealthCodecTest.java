package dev.stratus.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class GpuHealthCodecTest {
  private static final Instant AT = Instant.parse("2026-11-29T06:00:00Z");

  @Test
  void aReportSurvivesTheWire() {
    GpuHealthReport r =
        new GpuHealthReport(
            "gpu-001",
            "i-0abc",
            AT,
            12,
            GpuHealthReport.Read.OK,
            List.of(
                new GpuFinding(
                    "00000000:3B:00.0", "xid", 79, HealthAction.REQUEUE_NOW, true, "fell off")),
            List.of(new GpuSample(0, "00000000:3B:00.0", 97, 40_000, 81_559)));

    GpuHealthReport back = GpuHealthCodec.parse(GpuHealthCodec.write(r));

    assertThat(back).isEqualTo(r);
    assertThat(back.worst()).isEqualTo(HealthAction.REQUEUE_NOW);
    assertThat(back.findings().get(0).summary())
        .isEqualTo("GPU 00000000:3B:00.0 xid 79 (fell off)");
  }

  @Test
  void theWorstFindingDecides() {
    GpuHealthReport r =
        new GpuHealthReport(
            "gpu-001",
            "i-1",
            AT,
            0,
            GpuHealthReport.Read.OK,
            List.of(
                new GpuFinding("0", "throttle", 0, HealthAction.DRAIN_AFTER_JOB, false, ""),
                new GpuFinding("1", "row-remap-failure", 0, HealthAction.REPLACE, false, ""),
                new GpuFinding("2", "persistence-off", 0, HealthAction.OK, false, "")),
            List.of());
    assertThat(r.worst()).isEqualTo(HealthAction.REPLACE);
    assertThat(HealthAction.REPLACE.interruptsJobs()).isTrue();
    assertThat(HealthAction.REBOOT.interruptsJobs()).isFalse();
  }

  @Test
  void badDocumentsAreRefusedNamingTheField() {
    String good =
        "{\"node\":\"gpu-001\",\"instanceId\":\"i-1\",\"seenAt\":\"2026-11-29T06:00:00Z\","
            + "\"sequence\":1,\"read\":\"ok\",\"findings\":[%s],\"samples\":[%s]}";
    assertThatThrownBy(() -> GpuHealthCodec.parse("nope")).hasMessage("health report is not JSON");
    assertThatThrownBy(() -> GpuHealthCodec.parse(good.formatted("{\"gpu\":\"0\"}", "")))
        .hasMessageStartingWith("health report: findings[0]: ");
    assertThatThrownBy(
            () ->
                GpuHealthCodec.parse(
                    good.formatted(
                        "{\"gpu\":\"0\",\"class\":\"xid\",\"xid\":79,\"action\":\"explode\","
                            + "\"event\":true}",
                        "")))
        .hasMessageContaining("health action 'explode'");
    assertThatThrownBy(
            () ->
                GpuHealthCodec.parse(
                    good.formatted(
                        "",
                        "{\"index\":0,\"busId\":\"x\",\"util\":101,\"memUsedMiB\":0,"
                            + "\"memTotalMiB\":0}")))
        .hasMessage("health report: samples[0]: utilizationPercent must be 0..100, got 101");
    assertThatThrownBy(
            () ->
                GpuHealthCodec.parse(
                    good.formatted("", "").replace("\"sequence\":1", "\"sequence\":\"x\"")))
        .hasMessage("health report: sequence must be an integer");
    assertThatThrownBy(
            () -> GpuHealthCodec.parse(good.formatted("", "").replace("gpu-001", "GPU 1")))
        .hasMessageContaining("is not a node name");
  }
}
