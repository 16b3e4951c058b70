package dev.stratus.sandbox.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AptMirrorTest {
  @TempDir Path apt;

  @Test
  void deb822SourcesGiveTheMainSuitesMirrorNotTheSecurityOne() throws IOException {
    Files.createDirectories(apt.resolve("sources.list.d"));
    Files.writeString(
        apt.resolve("sources.list.d/debian.sources"),
        """
        Types: deb
        URIs: http://security.example.org/debian-security
        Suites: bookworm-security
        Components: main

        Types: deb
        # http://snapshot.debian.org/archive/debian/20250520T000000Z
        URIs: http://mirror.example.org/debian
        Suites: bookworm bookworm-updates
        Components: main
        """);
    Files.writeString(
        apt.resolve("sources.list.d/other.list.disabled-by-farm"),
        "deb http://elsewhere.example.org/debian bookworm main\n");

    assertThat(AptMirror.of(apt)).isEqualTo("http://mirror.example.org/debian");
  }

  @Test
  void oneLineSourcesListIsReadWithOptionsAndComments() throws IOException {
    Files.writeString(
        apt.resolve("sources.list"),
        """
        # deb http://commented.example.org/debian bookworm main
        deb-src http://src.example.org/debian bookworm main
        deb http://security.example.org/debian-security bookworm-security main
        deb [signed-by=/usr/share/keyrings/debian.gpg] http://mirror.example.org/debian bookworm main
        """);

    assertThat(AptMirror.of(apt)).isEqualTo("http://mirror.example.org/debian");
  }

  @Test
  void noDebianEntryFallsBackToDebOrg() throws IOException {
    Files.createDirectories(apt.resolve("sources.list.d"));
    Files.writeString(
        apt.resolve("sources.list.d/x.sources"),
        "Types: deb\nURIs: http://m.example.org/debian\nSuites: trixie\nEnabled: no\n");

    assertThat(AptMirror.of(apt)).isEqualTo(AptMirror.FALLBACK);
  }
}
