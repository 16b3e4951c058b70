package dev.stratus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code controller.standby:} block. */
class StandbyConfigTest {
  @TempDir Path dir;

  StratusConfig load(String extra) throws IOException {
    Path f = dir.resolve("stratus.yaml");
    Files.writeString(f, ControllerConfigTest.POOLS + "spoolDir: /shared/stratus/spool\n" + extra);
    return ConfigLoader.load(f, DeclaredKeysProviders.ALL);
  }

  @Test
  void withoutTheBlockTheControllerActsAlone() throws IOException {
    assertThat(load("").controller().standby()).isEmpty();
  }

  @Test
  void anEmptyBlockPutsTheLeaseBesideTheSpoolWithDefaultTimingsAndThisHost() throws IOException {
    StandbySettings s = load("controller: {standby: {}}\n").controller().standby().orElseThrow();

    assertThat(s.leaseDir()).isEqualTo(Path.of("/shared/stratus/spool/lease"));
    assertThat(s.leaseDuration()).isEqualTo(Duration.ofSeconds(15));
    assertThat(s.renewEvery()).isEqualTo(Duration.ofSeconds(3));
    assertThat(s.slurmctldHost()).isEqualTo(ThisHost.shortName());
  }

  @Test
  void everyKeyIsReadWithARelativeLeaseDirResolvedAgainstTheFile() throws IOException {
    StandbySettings s =
        load("""
                controller:
                  standby: {leaseDir: lease, leaseDuration: 6s, renewEvery: 1s, slurmctldHost: ctlb}
                """)
            .controller()
            .standby()
            .orElseThrow();

    assertThat(s)
        .isEqualTo(
            new StandbySettings(
                dir.resolve("lease"), Duration.ofSeconds(6), Duration.ofSeconds(1), "ctlb"));
  }

  @Test
  void aLeaseNotTwiceAsLongAsItsRenewalIsRefusedNamingTheBlock() {
    assertThatThrownBy(() -> load("controller: {standby: {leaseDuration: 4s, renewEvery: 2s}}\n"))
        .hasMessageContaining("controller.standby")
        .hasMessageContaining("more than twice renewEvery");
  }

  @Test
  void anUnknownKeyIsRefused() {
    assertThatThrownBy(() -> load("controller: {standby: {leaseFile: /x}}\n"))
        .hasMessageContaining("leaseFile");
  }
}
