package dev.stratus.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class BootstrapReportCodecTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  @Test
  void readsWhatTheAgentSends() {
    BootstrapReport r =
        BootstrapReportCodec.parse(
            "{\"node\":\"gpu-003\",\"step\":\"controller-auth\",\"ok\":false,"
                + "\"at\":\"2026-11-21T11:59:58Z\",\"message\":\"slurmctld refused\\nthis\"}",
            "10.0.1.7",
            NOW);

    assertThat(r)
        .isEqualTo(
            new BootstrapReport(
                "gpu-003", "controller-auth", false, "slurmctld refused this", "10.0.1.7", NOW));
  }

  @Test
  void badDocumentsAreRefusedNamingTheField() {
    assertThatThrownBy(() -> BootstrapReportCodec.parse("nope", "", NOW))
        .hasMessageContaining("not JSON");
    assertThatThrownBy(
            () ->
                BootstrapReportCodec.parse(
                    "{\"node\":\"Gpu 3\",\"step\":\"gpus\",\"ok\":false}", "", NOW))
        .hasMessageContaining("node 'Gpu 3' is not a node name");
    assertThatThrownBy(
            () ->
                BootstrapReportCodec.parse(
                    "{\"node\":\"gpu-3\",\"step\":\"gpus\",\"ok\":\"no\"}", "", NOW))
        .hasMessageContaining("ok must be true or false");
    assertThatThrownBy(
            () -> BootstrapReportCodec.parse("{\"node\":\"gpu-3\",\"ok\":true}", "", NOW))
        .hasMessageContaining("step must be a string");
  }

  @Test
  void aLongMessageIsCut() {
    BootstrapReport r =
        BootstrapReportCodec.parse(
            "{\"node\":\"gpu-3\",\"step\":\"gpus\",\"ok\":false,\"message\":\""
                + "x".repeat(2000)
                + "\"}",
            "",
            NOW);

    assertThat(r.message()).hasSize(503).endsWith("...");
  }

  @Test
  void whatTheAgentWritesIsReadBack() {
    String failed =
        BootstrapReportCodec.write("gpu-3", "gpus", false, NOW, "gpu: found 7 of 8 h100");
    String ok = BootstrapReportCodec.write("gpu-3", "munged", true, NOW, "ignored");

    assertThat(BootstrapReportCodec.parse(failed, "10.0.0.3", NOW))
        .isEqualTo(
            new BootstrapReport("gpu-3", "gpus", false, "gpu: found 7 of 8 h100", "10.0.0.3", NOW));
    assertThat(ok).doesNotContain("message");
    assertThat(BootstrapReportCodec.parse(ok, "", NOW).ok()).isTrue();
  }
}
