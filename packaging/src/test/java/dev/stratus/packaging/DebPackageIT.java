package dev.stratus.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.cli.StratusCli;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.StratusConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The Debian package as dpkg sees it, without installing it (DebInstallIT does that, as root):
 * control fields, file list and modes, the units checked by systemd-analyze and for their
 * hardening, and the same bytes again from the same tree.
 */
class DebPackageIT {
  static final List<String> UNITS =
      List.of(
          "stratus-controller.service", "stratus-agent.service", "stratus-spot-watcher.service");

  @TempDir static Path dir;
  static Path deb;
  static Path root;
  static List<String> contents;

  @BeforeAll
  static void extract() throws Exception {
    deb = Built.deb();
    root = dir.resolve("root");
    Run x = Run.of("dpkg-deb", "-x", deb.toString(), root.toString());
    Run c = Run.of("dpkg-deb", "-c", deb.toString());
    assertThat(x.exit() + c.exit()).as(x.err() + c.err()).isZero();
    contents = c.out().lines().toList();
  }

  static String field(String name) throws Exception {
    Run f = Run.of("dpkg-deb", "-f", deb.toString(), name);
    assertThat(f.exit()).as(f.err()).isZero();
    return f.out().strip();
  }

  static Unit unit(String name) throws Exception {
    return Unit.read(root.resolve("lib/systemd/system").resolve(name));
  }

  @Test
  void theControlFileNamesTheVersionTheArchitectureAndJava17() throws Exception {
    assertThat(deb.getFileName().toString())
        .isEqualTo("stratus_" + Built.debVersion() + "_all.deb");
    assertThat(field("Package")).isEqualTo("stratus");
    assertThat(field("Version")).isEqualTo(Built.debVersion());
    assertThat(field("Architecture")).isEqualTo("all");
    assertThat(field("Depends"))
        .contains("openjdk-17-jre-headless | java17-runtime-headless")
        .contains("adduser");
    assertThat(Integer.parseInt(field("Installed-Size"))).isGreaterThan(10_000);
  }

  @Test
  void everyFileIsRootsAndTheLauncherIsLinkedIntoUsrBin() {
    assertThat(contents).allMatch(line -> line.contains(" root/root "));
    assertThat(contents)
        .anyMatch(l -> l.endsWith("./usr/bin/stratus -> ../share/stratus/bin/stratus"))
        .anyMatch(l -> l.startsWith("-rwxr-xr-x") && l.endsWith("./usr/share/stratus/bin/stratus"))
        .anyMatch(l -> l.startsWith("drwxr-xr-x") && l.endsWith("./usr/lib/stratus/hooks/"))
        .anyMatch(l -> l.endsWith("./etc/stratus/stratus.yaml.example"))
        .anyMatch(l -> l.endsWith("./usr/share/doc/stratus/README.md"))
        .anyMatch(l -> l.endsWith("./usr/share/doc/stratus/deploy.md"))
        .anyMatch(l -> l.endsWith("./usr/share/stratus/prometheus/stratus-rules.yml"))
        .anyMatch(l -> l.endsWith("./usr/share/stratus/prometheus/tests/stratus-rules-test.yml"))
        .anyMatch(l -> l.endsWith("./usr/share/stratus/grafana/stratus.json"));
    for (String unit : UNITS) {
      assertThat(contents)
          .anyMatch(l -> l.startsWith("-rw-r--r--") && l.endsWith("./lib/systemd/system/" + unit));
    }
    assertThat(contents)
        .filteredOn(l -> l.contains("./usr/share/stratus/lib/"))
        .filteredOn(l -> l.endsWith(".jar"))
        .allMatch(l -> l.startsWith("-rw-r--r--"));
  }

  /**
   * {@code man stratus-budget-status} works once the package is in: a gzipped troff page per
   * command of the command tree the package ships, each with its NAME and SYNOPSIS.
   */
  @Test
  void everyCommandHasAManPage() throws Exception {
    List<String> commands = new ArrayList<>();
    pages(StratusCli.commandLine(), "stratus", commands);
    assertThat(commands).contains("stratus", "stratus-controller", "stratus-config-keys");
    Path man1 = root.resolve("usr/share/man/man1");
    for (String command : commands) {
      Path page = man1.resolve(command + ".1.gz");
      assertThat(page).as(command).exists();
      String troff;
      try (var in = new GZIPInputStream(Files.newInputStream(page))) {
        troff = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      assertThat(troff).as(command).contains(".SH \"NAME\"").contains(".SH \"SYNOPSIS\"");
    }
    try (var pages = Files.list(man1)) {
      assertThat(pages.count())
          .as("pages of commands that no longer exist")
          .isEqualTo(commands.size());
    }
  }

  /** Each unit's Documentation= names what the package installs: a man page or a doc file. */
  @Test
  void everyUnitsDocumentationIsInThePackage() throws Exception {
    for (String name : UNITS) {
      List<String> docs = unit(name).unit().getOrDefault("Documentation", List.of());
      assertThat(docs).as(name).isNotEmpty();
      for (String uri : String.join(" ", docs).split("\\s+")) {
        Path target;
        if (uri.startsWith("man:")) {
          String page = uri.substring(4).replaceAll("\\((\\d)\\)$", "");
          target = root.resolve("usr/share/man/man1").resolve(page + ".1.gz");
        } else if (uri.startsWith("file:/")) {
          target = root.resolve(uri.substring("file:/".length()));
        } else {
          continue; // https: pages are not in the package
        }
        assertThat(target).as(name + " Documentation=" + uri).exists();
      }
    }
    assertThat(unit("stratus-controller.service").unit().get("Documentation").get(0))
        .startsWith("man:stratus-controller(1)");
  }

  private static void pages(CommandLine line, String name, List<String> out) {
    out.add(name);
    line.getSubcommands()
        .forEach(
            (sub, child) -> {
              if (child.getCommandName().equals(sub)) {
                pages(child, name + "-" + sub, out);
              }
            });
  }

  @Test
  void theConfigFilesAreConffilesSoAnUpgradeKeepsAnOperatorsEdits() throws Exception {
    Path control = dir.resolve("control");
    assertThat(Run.of("dpkg-deb", "-e", deb.toString(), control.toString()).exit()).isZero();

    assertThat(Files.readAllLines(control.resolve("conffiles")))
        .containsExactlyInAnyOrder("/etc/stratus/stratus.yaml.example", "/etc/default/stratus");
    for (String script : List.of("postinst", "prerm", "postrm")) {
      Run syntax = Run.of("sh", "-n", control.resolve(script).toString());
      assertThat(syntax.exit()).as(script + ": " + syntax.err()).isZero();
    }
  }

  @Test
  void theJarsAreTheControllerArchivesJars() throws Exception {
    Path archiveLib = Built.existing("stratus.controllerDir").resolve("lib");

    assertThat(Jars.bySha256(root.resolve("usr/share/stratus/lib")).keySet())
        .isEqualTo(Jars.bySha256(archiveLib).keySet());
  }

  /**
   * systemd-analyze verify reads each unit as systemd would and checks that its programs exist: it
   * exits 0 and prints nothing (an unknown or misspelt key is only a warning, so any output fails).
   * The controller's /usr/bin/stratus is pointed at the extracted package's (the same link).
   */
  @Test
  void everyUnitPassesSystemdAnalyzeVerifyWithoutAWord() throws Exception {
    Path copies = Files.createDirectories(dir.resolve("units"));
    for (String name : UNITS) {
      String text = Files.readString(root.resolve("lib/systemd/system").resolve(name));
      Path copy =
          Files.writeString(
              copies.resolve(name), text.replace("/usr/bin/stratus", root + "/usr/bin/stratus"));

      // --man=no: the controller's man page is in the package, not on this machine;
      // everyUnitsDocumentationIsInThePackage checks it there.
      Run verify = Run.of("systemd-analyze", "verify", "--man=no", copy.toString());

      assertThat(verify.exit()).as(name + ": " + verify.err()).isZero();
      assertThat(verify.out() + verify.err()).as(name).isEmpty();
    }
  }

  @Test
  void theControllerRunsAsItsOwnUserInAReadOnlySystemWritingOnlyItsStateAndSpool()
      throws Exception {
    Unit controller = unit("stratus-controller.service");
    StratusConfig example = ConfigLoader.load(root.resolve("etc/stratus/stratus.yaml.example"));

    assertThat(controller.get("User")).isEqualTo("stratus");
    assertThat(controller.get("ExecStart"))
        .isEqualTo("/usr/bin/stratus controller --config /etc/stratus/stratus.yaml");
    assertHardened(controller);
    List<String> writable = List.of(controller.get("ReadWritePaths").split(" "));
    assertThat(writable)
        .containsExactlyInAnyOrder(example.stateDir().toString(), example.spoolDir().toString());
    // What SlurmUser runs must not be the controller's to change.
    assertThat(writable).noneMatch(w -> example.powerSave().hookDir().startsWith(w));
    assertThat(controller.get("Restart")).isEqualTo("on-failure");
    assertThat(controller.get("RestartPreventExitStatus")).isEqualTo("2");
  }

  @Test
  void theSpotWatcherRunsAsTheSameUserHardenedWithNothingWritable() throws Exception {
    Unit watcher = unit("stratus-spot-watcher.service");

    assertThat(watcher.get("User")).isEqualTo("stratus");
    assertThat(watcher.get("ExecStart"))
        .contains(
            "dev.stratus.spot.WatcherMain --cloud ${STRATUS_CLOUD} --sink ${STRATUS_NOTICE_URL}");
    assertHardened(watcher);
    assertThat(watcher.get("ReadWritePaths")).isEmpty();
    assertThat(watcher.get("Restart")).isEqualTo("always");
  }

  /**
   * The agent starts munged and slurmd, so every job inherits its sandbox: it must have none, or
   * jobs lose /tmp, writable file systems and setuid programs (the unit says so).
   */
  @Test
  void theAgentRunsAsRootWithoutASandboxItsJobsWouldInherit() throws Exception {
    Unit agent = unit("stratus-agent.service");

    assertThat(agent.get("User")).isEmpty();
    assertThat(agent.service().keySet())
        .doesNotContain("ProtectSystem", "PrivateTmp", "NoNewPrivileges", "PrivateDevices");
    assertThat(agent.get("KillMode")).isEqualTo("process");
    assertThat(agent.get("ExecStart"))
        .contains("dev.stratus.bootstrap.AgentMain --settings /etc/stratus/agent.json");
  }

  @Test
  void buildingAgainFromTheSameTreeGivesTheSameBytes() throws Exception {
    Path again = Files.createDirectories(dir.resolve("again"));

    Run build =
        Run.of(
            Built.existing("stratus.debSource").resolve("build-deb.sh").toString(),
            Built.existing("stratus.controllerDir").toString(),
            Built.existing("stratus.debSource").toString(),
            Built.version(),
            Built.property("stratus.timestamp"),
            again.toString());

    assertThat(build.exit()).as(build.err()).isZero();
    assertThat(Jars.sha256(again.resolve(deb.getFileName()))).isEqualTo(Jars.sha256(deb));
  }

  static void assertHardened(Unit unit) {
    assertThat(
            Map.of(
                "ProtectSystem", unit.get("ProtectSystem"),
                "NoNewPrivileges", unit.get("NoNewPrivileges"),
                "PrivateTmp", unit.get("PrivateTmp"),
                "ProtectHome", unit.get("ProtectHome"),
                "CapabilityBoundingSet", unit.get("CapabilityBoundingSet")))
        .as(unit.name())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "ProtectSystem", "strict",
                "NoNewPrivileges", "yes",
                "PrivateTmp", "yes",
                "ProtectHome", "yes",
                "CapabilityBoundingSet", ""));
  }
}
