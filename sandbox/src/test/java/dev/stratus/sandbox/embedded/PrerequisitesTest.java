package dev.stratus.sandbox.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrerequisitesTest {
  @TempDir Path bin;

  void install(String... programs) throws IOException {
    for (String p : programs) {
      Path f = Files.writeString(bin.resolve(p), "#!/bin/sh\n");
      Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  @Test
  void everythingPresentAsRootIsFine() throws IOException {
    install(Prerequisites.PROGRAMS.keySet().toArray(String[]::new));

    assertThat(Prerequisites.check(List.of(bin), true)).isEmpty();
  }

  @Test
  void missingProgramsNameTheirDebianPackagesOnce() throws IOException {
    install(
        "ip", "nsenter", "unshare", "perl", "sbatch", "scontrol", "munged", "mungekey", "munge");

    assertThat(Prerequisites.check(List.of(bin), true))
        .containsExactly(
            "missing program 'slurmctld' (Debian package slurmctld)",
            "missing program 'slurmd' (Debian package slurmd)",
            "install with: apt-get update && apt-get install -y --no-install-recommends slurmctld"
                + " slurmd");
  }

  @Test
  void accountingAlsoNeedsMariaDbAndSlurmdbdNamedByTheirPackages() throws IOException {
    install(Prerequisites.PROGRAMS.keySet().toArray(String[]::new));
    install("sacctmgr", "sacct");

    assertThat(Prerequisites.check(List.of(bin), true, Map.of())).isEmpty();
    assertThat(Prerequisites.check(List.of(bin), true, Prerequisites.accounting()))
        .containsExactly(
            "missing program 'mariadbd' (Debian package mariadb-server)",
            "missing program 'mariadb-install-db' (Debian package mariadb-server)",
            "missing program 'slurmdbd' (Debian package slurmdbd)",
            "install with: apt-get update && apt-get install -y --no-install-recommends"
                + " mariadb-server slurmdbd");
  }

  @Test
  void notRootIsReported() throws IOException {
    install(Prerequisites.PROGRAMS.keySet().toArray(String[]::new));

    assertThat(Prerequisites.check(List.of(bin), false))
        .singleElement()
        .asString()
        .contains("root");
  }
}
