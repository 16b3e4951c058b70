package dev.stratus.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class StatusLineTest {
  static final Instant AT = Instant.parse("2026-11-21T12:00:00.250Z");

  @Test
  void successfulStepIsOneJsonObjectWithoutMessage() {
    assertThat(StatusLine.ok("munge-key", AT).toJson())
        .isEqualTo("{\"step\":\"munge-key\",\"ok\":true,\"at\":\"2026-11-21T12:00:00.250Z\"}");
  }

  @Test
  void failedStepCarriesItsMessageOnOneLine() {
    String json = StatusLine.failed("slurmd", AT, "exited with 1\nsee \"log\"").toJson();

    assertThat(json).doesNotContain("\n").contains("\"ok\":false").contains("\\\"log\\\"");
    assertThat(StatusLine.parse(json))
        .contains(StatusLine.failed("slurmd", AT, "exited with 1\nsee \"log\""));
  }

  @Test
  void lineCutShortByACrashIsNoStatusLine() {
    assertThat(StatusLine.parse("{\"step\":\"munged\",\"ok\":tr")).isEmpty();
    assertThat(StatusLine.parse("{\"something\":1}")).isEmpty();
  }
}
