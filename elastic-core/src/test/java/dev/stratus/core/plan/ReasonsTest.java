package dev.stratus.core.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReasonsTest {
  @Test
  void aShortReasonIsKeptWholeOnOneLine() {
    assertThat(Reasons.of("launch failed:\nno capacity\n"))
        .isEqualTo("stratus: launch failed: no capacity");
  }

  @Test
  void aBootstrapStepsWholeMessageFits() {
    String vault =
        "munge-key: node gpu-001: vault unwrap failed at http://10.244.147.1:42491: wrapping token"
            + " is not valid or does not exist (HTTP 400): it was already used or has expired; a"
            + " wrapping token works once within its TTL, so it is not retried: the controller must"
            + " issue a new one";

    assertThat(Reasons.of(vault)).isEqualTo("stratus: " + vault);
  }

  @Test
  void aLongReasonKeepsItsStartAndItsOutcomeAndLosesTheMiddle() {
    String text =
        "gpus: node gpu-001: gpu: found 7 of 8 GPU devices (nvidiaN, character, major 195) in "
            + "/tmp/stratus-e2e-e2e-3622889178060088821/state/providers/local/nodes/"
            + "st-e2e699-gpu-001/and/a/path/made/much/longer/than/any/real/one/to/pass/the/limit/"
            + "of/three/hundred/characters/dev-lost-gpu; slurmd not started";

    String reason = Reasons.of(text);

    assertThat(reason)
        .hasSize(Reasons.MAX)
        .startsWith("stratus: gpus: node gpu-001: gpu: found 7 of 8 GPU devices")
        .contains("...")
        .endsWith("dev-lost-gpu; slurmd not started");
    assertThat(Reasons.ours(reason)).isTrue();
  }
}
