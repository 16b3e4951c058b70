package dev.stratus.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The package on this machine, as root, the way an operator uses it: {@code apt-get install
 * ./stratus_*.deb}, {@code stratus --version}, the units as installed checked by systemd-analyze,
 * {@code stratus hooks install} for this machine's Slurm user and a hook run as that user, then
 * {@code apt-get purge}, which must leave no file, user, group or unit link behind. Needs root, apt
 * and the package's dependencies (Java 17, adduser) already installed; no network.
 */
@Tag("root")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DebInstallIT {
  static final String SLURM_USER = "slurm";
  static final Duration APT_LIMIT = Duration.ofMinutes(8);
  @TempDir static Path dir;
  static List<Path> packagePaths;
  static List<Path> absentBefore;

  @BeforeAll
  static void install() throws Exception {
    assertThat(Run.of("id", "-u").out().strip()).as("DebInstallIT runs as root").isEqualTo("0");
    assertThat(Run.of("dpkg", "-s", "stratus").exit())
        .as("the stratus package is installed already: purge it first")
        .isNotZero();
    assertThat(Run.of("getent", "passwd", "stratus").exit())
        .as("a user stratus exists already")
        .isNotZero();
    Path deb = Built.deb();
    packagePaths =
        Run.of("dpkg-deb", "-c", deb.toString())
            .out()
            .lines()
            .map(l -> l.substring(l.indexOf("./") + 1).replaceAll(" -> .*", ""))
            .map(
                p ->
                    Path.of(p.endsWith("/") && p.length() > 1 ? p.substring(0, p.length() - 1) : p))
            .toList();
    absentBefore =
        packagePaths.stream().filter(p -> !Files.exists(p, LinkOption.NOFOLLOW_LINKS)).toList();

    Run apt =
        Run.of(
            APT_LIMIT,
            "env",
            "DEBIAN_FRONTEND=noninteractive",
            "apt-get",
            "install",
            "-y",
            "-q",
            "-o",
            "DPkg::Lock::Timeout=300",
            "--no-install-recommends",
            deb.toString());

    assertThat(apt.exit()).as(apt.out() + apt.err()).isZero();
  }

  @AfterAll
  static void purgeIfStillThere() throws Exception {
    if (Run.of("dpkg", "-s", "stratus").exit() == 0) {
      purge();
    }
  }

  static Run purge() throws Exception {
    return Run.of(
        "env",
        "DEBIAN_FRONTEND=noninteractive",
        "apt-get",
        "purge",
        "-y",
        "-q",
        "-o",
        "DPkg::Lock::Timeout=300",
        "stratus");
  }

  @Test
  @Order(1)
  void stratusOnThePathPrintsThePackagesVersion() throws Exception {
    Run version = Run.of("stratus", "--version");

    assertThat(version.exit()).as(version.err()).isZero();
    assertThat(version.out().strip()).isEqualTo("stratus " + Built.version());
  }

  @Test
  @Order(1)
  void theControllerHasASystemUserOwningItsStateAndSpool() throws Exception {
    String[] passwd = Run.of("getent", "passwd", "stratus").out().strip().split(":");

    assertThat(Integer.parseInt(passwd[2])).isLessThan(1000); // a system user
    assertThat(passwd[5]).isEqualTo("/var/lib/stratus");
    assertThat(passwd[6]).isEqualTo("/usr/sbin/nologin");
    assertThat(Files.getOwner(Path.of("/var/lib/stratus")).getName()).isEqualTo("stratus");
    assertThat(Files.getOwner(Path.of("/var/spool/stratus")).getName()).isEqualTo("stratus");
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(Path.of("/var/spool/stratus"))))
        .isEqualTo("rwxr-x---");
  }

  @Test
  @Order(1)
  void theInstalledUnitsPassSystemdAnalyzeVerifyWithoutAWord() throws Exception {
    List<String> argv = new ArrayList<>(List.of("systemd-analyze", "verify"));
    for (String unit : DebPackageIT.UNITS) {
      argv.add("/lib/systemd/system/" + unit);
    }

    Run verify = Run.of(argv);

    assertThat(verify.exit()).as(verify.err()).isZero();
    assertThat(verify.out() + verify.err()).isEmpty();
  }

  @Test
  @Order(2)
  void hooksInstallLetsSlurmUserSpoolARequestThatTheControllersUserReadsAndDeletes()
      throws Exception {
    Path yaml =
        Files.copy(Path.of("/etc/stratus/stratus.yaml.example"), dir.resolve("stratus.yaml"));

    Run install =
        Run.of(
            "stratus", "hooks", "install", "--config", yaml.toString(), "--slurm-user", SLURM_USER);

    assertThat(install.exit()).as(install.err()).isZero();
    Path hooks = Path.of("/usr/lib/stratus/hooks");
    assertThat(hooks.resolve("hook.jsa")).isRegularFile();
    assertThat(Files.getOwner(hooks.resolve("stratus-suspend")).getName()).isEqualTo("root");
    Path spool = Path.of("/var/spool/stratus");
    assertThat(Files.getAttribute(spool, "posix:group").toString()).isEqualTo(SLURM_USER);
    assertThat(Integer.toOctalString((Integer) Files.getAttribute(spool, "unix:mode") & 07777))
        .isEqualTo("2770");

    // As slurmctld runs it: SlurmUser, an empty environment.
    Run hook =
        Run.of(
            "env",
            "-i",
            "/usr/sbin/runuser",
            "-u",
            SLURM_USER,
            "--",
            hooks.resolve("stratus-suspend").toString(),
            "gpu-[001-002]");

    assertThat(hook.exit()).as(Files.readString(Path.of("/var/log/stratus/hooks.log"))).isZero();
    List<Path> requests;
    try (Stream<Path> files = Files.list(spool)) {
      requests = files.toList();
    }
    assertThat(requests).hasSize(1);
    String request = requests.get(0).toString();
    Run read = Run.of("runuser", "-u", "stratus", "--", "cat", request);
    assertThat(read.exit()).as(read.err()).isZero();
    assertThat(read.out()).contains("\"kind\":\"suspend\"", "\"gpu-001\"", "\"gpu-002\"");
    Run delete = Run.of("runuser", "-u", "stratus", "--", "rm", request);
    assertThat(delete.exit()).as(delete.err()).isZero();
    assertThat(
            Run.of("runuser", "-u", "stratus", "--", "touch", hooks.resolve("x").toString()).exit())
        .as("the controller's user cannot write what SlurmUser runs")
        .isNotZero();
  }

  @Test
  @Order(3)
  void purgeLeavesNoFileUserGroupOrUnitLinkBehind() throws Exception {
    // An operator enabled the controller: purge must not leave the link dangling.
    Run enable = Run.of("systemctl", "--no-reload", "enable", "stratus-controller.service");
    assertThat(enable.exit()).as(enable.err()).isZero();
    assertThat(Path.of("/etc/systemd/system/multi-user.target.wants/stratus-controller.service"))
        .isSymbolicLink();

    Run purge = purge();

    assertThat(purge.exit()).as(purge.out() + purge.err()).isZero();
    assertThat(Run.of("dpkg", "-s", "stratus").exit()).isNotZero();
    assertThat(absentBefore).noneMatch(p -> Files.exists(p, LinkOption.NOFOLLOW_LINKS));
    assertThat(
            List.of("/var/lib/stratus", "/var/spool/stratus", "/var/log/stratus", "/etc/stratus"))
        .noneMatch(p -> Files.exists(Path.of(p), LinkOption.NOFOLLOW_LINKS));
    assertThat(Run.of("getent", "passwd", "stratus").exit()).isNotZero();
    assertThat(Run.of("getent", "group", "stratus").exit()).isNotZero();
    Run links = Run.of("find", "/etc/systemd", "-name", "stratus-*");
    assertThat(links.out()).isEmpty();
  }
}
