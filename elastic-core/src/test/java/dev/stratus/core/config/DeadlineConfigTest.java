package dev.stratus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeadlineConfigTest {
  static final String BASE = ConfigLoaderErrorsTest.BASE;

  @TempDir Path dir;

  StratusConfig load(String yaml) throws IOException {
    Path file = dir.resolve("stratus.yaml");
    Files.writeString(file, yaml);
    return ConfigLoader.load(file, DeclaredKeysProviders.ALL);
  }

  @Test
  void withoutSettingsTheStratusPolicyDecidesEveryTenMinutesAndNoPoolHasADefault()
      throws IOException {
    assertThat(load(BASE).deadlines()).isEqualTo(DeadlineSettings.DEFAULTS);
  }

  @Test
  void aPoolsDefaultDeadlineAndThePolicySettingsAreRead() throws IOException {
    StratusConfig c =
        load(
            BASE.replace("    maxNodes: 4\n", "    maxNodes: 4\n    deadline: 36h\n")
                + "deadlines: {policy: uniform-progress, interval: 5m, changeover: 8m}\n");

    assertThat(c.deadlines())
        .isEqualTo(
            new DeadlineSettings(
                "uniform-progress",
                Duration.ofMinutes(5),
                Duration.ofMinutes(8),
                Map.of("gpu", Duration.ofHours(36))));
  }

  @Test
  void otherMoneySettingsKeepTheDeadlineSettings() throws IOException {
    StratusConfig c = load(BASE + "deadlines: {policy: uniform-progress, interval: 5m}\n");

    assertThat(c.withMoney(MoneySettings.defaults(dir)).deadlines()).isEqualTo(c.deadlines());
  }

  @Test
  void anUnknownPolicyIsRefusedNamingTheChoices() throws IOException {
    assertThatThrownBy(() -> load(BASE + "deadlines: {policy: fastest}\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(
            "deadlines.policy must be one of stratus, uniform-progress, greedy, off");
  }

  @Test
  void aZeroPoolDeadlineIsRefusedAtItsLine() throws IOException {
    assertThatThrownBy(
            () -> load(BASE.replace("    maxNodes: 4\n", "    maxNodes: 4\n    deadline: 0s\n")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("stratus.yaml:")
        .hasMessageContaining("deadline")
        .hasMessageContaining("must be a duration > 0 after submission");
  }
}
