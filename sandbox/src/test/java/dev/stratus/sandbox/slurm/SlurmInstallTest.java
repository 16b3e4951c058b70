package dev.stratus.sandbox.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.config.SlurmVersion;
import dev.stratus.sandbox.embedded.Prerequisites;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SlurmInstallTest {
  @TempDir Path cache;

  @Test
  void slurm2411WithNoRootInTheCacheNeedsDebootstrap() {
    assertThat(SlurmInstall.programsToPrepare("24.11", cache))
        .containsExactly(Map.entry("debootstrap", "debootstrap"));
  }

  @Test
  void aHalfBuiltRootStillNeedsDebootstrap() throws IOException {
    Files.createDirectories(cache.resolve("root/usr/sbin"));

    assertThat(SlurmInstall.programsToPrepare("24.11.5", cache)).containsKey("debootstrap");
  }

  @Test
  void slurm2605ComesFromForkyInARootOfItsOwn() {
    assertThat(SlurmInstall.programsToPrepare("26.05", cache))
        .containsExactly(Map.entry("debootstrap", "debootstrap"));
    RootRelease r = RootRelease.of(SlurmVersion.parse("26.05.5")).orElseThrow();
    assertThat(r.suite()).isEqualTo("forky");
    assertThat(r.defaultCache()).isEqualTo(Path.of("/var/cache/stratus/slurm-26.05"));
    assertThat(RootRelease.SLURM_24_11.defaultCache()).isEqualTo(DebianRoot.DEFAULT_CACHE);
  }

  @Test
  void anUnofferedReleaseIsRefusedNamingEveryOfferedOne() {
    Assertions.assertThatThrownBy(() -> SlurmInstall.choose("25.05", System.err))
        .hasMessage(
            "Slurm release '25.05' is not offered: 22.05 (this machine's), 24.11 (a Debian 13"
                + " (trixie) root), 26.05 (a Debian forky (testing) root)");
  }

  @Test
  void theHostsSlurmAndUnknownReleasesNeedNothingMore() {
    assertThat(SlurmInstall.programsToPrepare("22.05", cache)).isEmpty();
    assertThat(SlurmInstall.programsToPrepare("23.02", cache)).isEmpty();
    assertThat(SlurmInstall.programsToPrepare("latest", cache)).isEmpty();
  }

  @Test
  void theDemosCheckNamesDebootstrapAndItsPackageWhenItIsMissing(@TempDir Path bin)
      throws IOException {
    List<String> problems =
        Prerequisites.check(List.of(bin), true, SlurmInstall.programsToPrepare("24.11", cache));

    assertThat(problems)
        .contains("missing program 'debootstrap' (Debian package debootstrap)")
        .last()
        .asString()
        .startsWith("install with: apt-get update && apt-get install")
        .endsWith(" debootstrap");
  }
}
