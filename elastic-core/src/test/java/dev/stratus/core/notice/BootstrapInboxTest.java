package dev.stratus.core.notice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.wire.BootstrapReport;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class BootstrapInboxTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  @Test
  void theInboxKeepsFailuresOnlyTheLatestPerNodeUntilDrained() {
    BootstrapInbox inbox = new BootstrapInbox();
    assertThat(inbox.add(new BootstrapReport("gpu-1", "munged", true, "", "", NOW))).isFalse();
    assertThat(inbox.add(new BootstrapReport("gpu-1", "gpus", false, "a", "", NOW))).isTrue();
    inbox.add(new BootstrapReport("gpu-1", "gpus", false, "b", "", NOW));

    assertThat(inbox.drain()).extracting(BootstrapReport::message).containsExactly("b");
    assertThat(inbox.drain()).isEmpty();
  }
}
