package dev.stratus.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * stratus-VERSION.tar.gz as an operator installs it: unpacked with tar, run through its own {@code
 * bin/stratus} with only a PATH in the environment.
 */
class ControllerArchiveIT {
  @TempDir static Path dir;
  static Path home;
  static List<String> entries;

  @BeforeAll
  static void unpack() throws Exception {
    Path archive = Built.existing("stratus.controllerArchive");
    Run list = Run.of("tar", "-tzf", archive.toString());
    Run unpack = Run.of("tar", "-xzf", archive.toString(), "-C", dir.toString());
    assertThat(list.exit() + unpack.exit()).as(list.err() + unpack.err()).isZero();
    entries = list.out().lines().toList();
    home = dir.resolve("stratus-" + Built.version());
  }

  Run stratus(String... args) throws Exception {
    List<String> argv = new ArrayList<>(List.of(home.resolve("bin/stratus").toString()));
    argv.addAll(List.of(args));
    return Run.of(argv);
  }

  @Test
  void everythingIsUnderOneDirectoryNamedForTheVersion() {
    assertThat(entries).allMatch(e -> e.startsWith("stratus-" + Built.version() + "/"));
    assertThat(home.resolve("etc/stratus.yaml.example")).isRegularFile();
    assertThat(home.resolve("etc/default/stratus")).isRegularFile();
    assertThat(home.resolve("doc/README.md")).isRegularFile();
    assertThat(home.resolve("doc/reference/stratus-yaml.md")).isRegularFile();
    assertThat(home.resolve("doc/guide/install.md")).isRegularFile();
    assertThat(home.resolve("man/man1/stratus-controller.1")).isRegularFile();
    try (Stream<Path> units = Files.list(home.resolve("systemd"))) {
      assertThat(units.map(u -> u.getFileName().toString()))
          .containsExactlyInAnyOrder(
              "stratus-controller.service",
              "stratus-agent.service",
              "stratus-spot-watcher.service");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void theRulesAndTheDashboardAreDeploysAndTheShippedRulesPassTheirUnitTests() throws Exception {
    Path deploy = Path.of("../deploy").toAbsolutePath().normalize();
    for (String file :
        List.of(
            "prometheus/stratus-rules.yml",
            "prometheus/prometheus.yml",
            "prometheus/tests/stratus-rules-test.yml",
            "grafana/stratus.json")) {
      assertThat(Files.mismatch(home.resolve(file), deploy.resolve(file))).as(file).isEqualTo(-1);
    }

    Run test =
        Run.of(
            "promtool",
            "test",
            "rules",
            home.resolve("prometheus/tests/stratus-rules-test.yml").toString());

    assertThat(test.exit()).as(test.out() + test.err()).isZero();
  }

  @Test
  void theLauncherIsExecutableAndTheRestIsNot() throws Exception {
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(home.resolve("bin/stratus"))))
        .isEqualTo("rwxr-xr-x");
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(home.resolve("etc/stratus.yaml.example"))))
        .isEqualTo("rw-r--r--");
  }

  @Test
  void libHoldsTheCliAndExactlyItsRuntimeJarsUnderNamesWithoutAVersion() throws Exception {
    Map<String, Path> ours = Jars.bySha256(home.resolve("lib"));
    Map<String, Path> cli = Jars.bySha256(Built.existing("stratus.cliLib"));

    assertThat(ours.keySet()).containsAll(cli.keySet());
    assertThat(ours).hasSize(cli.size() + 1); // and the CLI's own jar
    assertThat(ours.values())
        .extracting(p -> p.getFileName().toString())
        .contains("dev.stratus.stratus-cli.jar", "dev.stratus.stratus-hook.jar")
        .contains("com.fasterxml.jackson.core.jackson-core.jar")
        .noneMatch(name -> name.contains(Built.version()))
        .noneMatch(name -> name.matches(".*-\\d+(\\.\\d+)+.*\\.jar"));
  }

  @Test
  void theLauncherPrintsTheBuildsVersion() throws Exception {
    Run version = stratus("--version");

    assertThat(version.exit()).as(version.err()).isZero();
    assertThat(version.out().strip()).isEqualTo("stratus " + Built.version());
  }

  @Test
  void theLauncherFindsItsJarsWhenRunThroughALinkAsUsrBinStratusIs() throws Exception {
    Path bin = Files.createDirectories(dir.resolve("usr-bin"));
    Path link = Files.createSymbolicLink(bin.resolve("stratus"), home.resolve("bin/stratus"));

    Run version = Run.of(link.toString(), "--version");

    assertThat(version.exit()).as(version.err()).isZero();
    assertThat(version.out()).contains(Built.version());
  }

  @Test
  void everyProviderIsFoundOnTheClassPath() throws Exception {
    Run providers = stratus("providers", "list");

    assertThat(providers.exit()).as(providers.err()).isZero();
    assertThat(providers.out()).contains("aws", "gcp", "azure", "local");
  }

  @Test
  void theExampleConfigRendersAnIncludeNamingThePackagesHookDirectory() throws Exception {
    Path out = dir.resolve("render");

    Run render =
        stratus(
            "config",
            "render",
            "--config",
            home.resolve("etc/stratus.yaml.example").toString(),
            "--out",
            out.toString());

    assertThat(render.exit()).as(render.err()).isZero();
    assertThat(Files.readString(out.resolve("stratus-slurm.conf")))
        .contains("ResumeProgram=/usr/lib/stratus/hooks/stratus-resume")
        .contains("SuspendProgram=/usr/lib/stratus/hooks/stratus-suspend")
        .contains("PartitionName=h100");
  }

  @Test
  void aLauncherWithoutItsJarsSaysSoAndExits2() throws Exception {
    Path alone = Files.createDirectories(dir.resolve("alone/bin"));
    Files.copy(
        home.resolve("bin/stratus"), alone.resolve("stratus"), StandardCopyOption.COPY_ATTRIBUTES);

    Run run = Run.of(alone.resolve("stratus").toString(), "--version");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("dev.stratus.stratus-cli.jar is missing");
  }
}
