package dev.stratus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.Spool;
import dev.stratus.hook.spool.SpoolRequest;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code stratus hooks install} on the local example config (as any user): what it writes, that a
 * launcher it wrote records a request in the configured spool, and the spool's ownership with
 * {@code --slurm-user} (the caller itself here; the package test does it as root for {@code
 * slurm}).
 */
class HooksInstallCommandTest {
  private static final Path EXAMPLE = Path.of("../config-templates/examples/stratus-local.yaml");

  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private CommandLine cmd;
  private Path yaml;
  private Path log;

  @BeforeEach
  void setUp() throws IOException {
    cmd = StratusCli.commandLine();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    yaml = Files.copy(EXAMPLE, dir.resolve("stratus.yaml"));
    log = dir.resolve("log/hooks.log");
  }

  int install(String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "hooks",
                "install",
                "--config",
                yaml.toString(),
                "--log",
                log.toString(),
                "--no-appcds"));
    args.addAll(List.of(more));
    return cmd.execute(args.toArray(String[]::new));
  }

  @Test
  void writesTheThreeLaunchersAndSigresetIntoTheHookDirForTheConfiguredSpoolAndLog()
      throws IOException {
    int code = install();

    Path bin = dir.resolve("bin");
    assertThat(code).as(err.toString()).isZero();
    for (String name :
        List.of("stratus-resume", "stratus-suspend", "stratus-resume-fail", "sigreset")) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(bin.resolve(name))))
          .as(name)
          .isEqualTo("rwxr-xr-x");
    }
    assertThat(Files.readString(bin.resolve("stratus-resume")))
        .contains("-Dstratus.hook.spoolDir='" + dir.resolve("spool") + "'")
        .contains(">>'" + log + "'")
        .contains("dev.stratus.hook.HookMain resume");
    assertThat(out.toString())
        .contains("wrote " + bin.resolve("stratus-resume") + " (ResumeProgram in slurm.conf)")
        .contains("wrote " + bin.resolve("stratus-suspend") + " (SuspendProgram in slurm.conf)")
        .contains("ownership unchanged (no --slurm-user)");
    assertThat(dir.resolve("spool")).isDirectory();
    assertThat(log).isRegularFile();
  }

  @Test
  void aLauncherItWroteRecordsASuspendRequestInTheConfiguredSpool() throws Exception {
    assertThat(install()).isZero();

    // As slurmctld runs it: an empty environment, no stdin or stdout of its own.
    ProcessBuilder pb =
        new ProcessBuilder(dir.resolve("bin/stratus-suspend").toString(), "gpu-[001-002]");
    pb.environment().clear();
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Process p = pb.start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

    assertThat(p.exitValue()).as(Files.readString(log)).isZero();
    List<SpoolRequest> pending = new Spool(dir.resolve("spool"), Clock.systemUTC()).pending();
    assertThat(pending).hasSize(1);
    assertThat(pending.get(0).kind()).isEqualTo(HookKind.SUSPEND);
    assertThat(pending.get(0).nodes()).containsExactly("gpu-001", "gpu-002");
  }

  @Test
  void withSlurmUserTheSpoolTakesItsGroupWithSetgidAndTheLogBecomesItsFile() throws IOException {
    String me = System.getProperty("user.name");
    Object myGroup = Files.getAttribute(Files.createFile(dir.resolve("probe")), "unix:gid");

    int code = install("--slurm-user", me);

    Path spool = dir.resolve("spool");
    assertThat(code).as(err.toString()).isZero();
    assertThat(Files.getAttribute(spool, "unix:gid")).isEqualTo(myGroup);
    assertThat(Integer.toOctalString((Integer) Files.getAttribute(spool, "unix:mode") & 07777))
        .isEqualTo("2770");
    assertThat(Files.getOwner(log).getName()).isEqualTo(me);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(log)))
        .isEqualTo("rw-r-----");
    assertThat(out.toString()).contains("mode 2770 (setgid)");
  }

  @Test
  void anUnknownSlurmUserExitsTwoNamingItAndWritesNothing() {
    int code = install("--slurm-user", "no-such-user-x9");

    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("--slurm-user 'no-such-user-x9': no such user");
    assertThat(dir.resolve("bin")).doesNotExist();
    assertThat(dir.resolve("spool")).doesNotExist();
  }

  @Test
  void aBadConfigExitsTwoWithTheLoadersMessage() throws IOException {
    Files.writeString(yaml, "clusterr: demo\n");

    assertThat(install()).isEqualTo(2);
    assertThat(dir.resolve("bin")).doesNotExist();
  }
}
