package dev.stratus.core.standby;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.core.standby.SlurmctldPing.Slurmctld;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** On {@code scontrol ping}'s output recorded from Slurm 22.05 with two SlurmctldHost lines. */
class SlurmctldPingTest {
  static String sample(String name) throws IOException {
    try (InputStream in = SlurmctldPingTest.class.getResourceAsStream("/slurm/ping/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void bothDownMeansNobodyIsInControlAndTheBannerIsNotAHost() throws IOException {
    SlurmctldPing ping = SlurmctldPing.parse(sample("22.05-both-down.txt"));

    assertThat(ping.slurmctlds())
        .containsExactly(
            new Slurmctld("primary", "vm", false), new Slurmctld("backup", "ctlb", false));
    assertThat(ping.inControl()).isEmpty();
  }

  @Test
  void withBothUpThePrimaryIsInControl() throws IOException {
    SlurmctldPing ping = SlurmctldPing.parse(sample("22.05-both-up.txt"));

    assertThat(ping.slurmctlds()).extracting(Slurmctld::up).containsExactly(true, true);
    assertThat(ping.inControl())
        .isEqualTo(ping.slurmctlds().stream().findFirst().map(Slurmctld::host));
  }

  @Test
  void withThePrimaryDownTheBackupIsInControl() throws IOException {
    SlurmctldPing ping = SlurmctldPing.parse(sample("22.05-primary-down.txt"));

    assertThat(ping.slurmctlds()).extracting(Slurmctld::up).containsExactly(false, true);
    assertThat(ping.inControl()).contains(ping.slurmctlds().get(1).host());
  }

  @Test
  void outputWithoutAnySlurmctldLineIsAnErrorQuotingIt() {
    assertThatThrownBy(() -> SlurmctldPing.parse("scontrol: error: resolve failures\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("resolve failures");
  }
}
