package dev.stratus.hook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.Spool;
import dev.stratus.hook.spool.SpoolRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated launchers end to end, as real processes started the way slurmctld starts them
 * (fake-slurmctld.pl): empty environment but SLURM_CONF and SLURM_RESUME_FILE, fds 0-2 closed,
 * signals blocked. scontrol is a fake script that records its arguments.
 */
class HookLauncherProcessTest {
  @TempDir Path tmp;
  Path spoolDir;
  Path log;
  Path scontrolArgs;
  HookLaunchers.Written written;

  @BeforeEach
  void writeLaunchers() throws IOException {
    spoolDir = tmp.resolve("spool");
    log = tmp.resolve("hook.log");
    scontrolArgs = tmp.resolve("scontrol.args");
    Path scontrol = tmp.resolve("fake-scontrol");
    Files.writeString(scontrol, "#!/bin/sh\nprintf '%s\\n' \"$@\" > '" + scontrolArgs + "'\n");
    scontrol.toFile().setExecutable(true);
    LauncherSpec spec =
        new LauncherSpec(
            LauncherSpec.forThisJvm(spoolDir, scontrol, log).java(),
            LauncherSpec.minimalClassPath(),
            spoolDir,
            scontrol,
            log,
            LauncherSpec.FAST_START,
            false);
    written = HookLaunchers.write(tmp.resolve("hooks"), spec);
  }

  int slurmctldRuns(HookKind kind, String hostlist, String resumeJson) throws Exception {
    return FakeSlurmctld.run(tmp, written.launchers().get(kind), hostlist, resumeJson);
  }

  List<SpoolRequest> spooled() throws IOException {
    return new Spool(spoolDir, Clock.systemUTC()).pending();
  }

  String logText() throws IOException {
    return Files.exists(log) ? Files.readString(log) : "";
  }

  @Test
  void resumeSpoolsTheNodesAndJobsAndExitsZero() throws Exception {
    int status =
        slurmctldRuns(
            HookKind.RESUME,
            "gpu-[001-002]",
            "{\"jobs\":[{\"job_id\":7,\"nodes\":\"gpu-[001-002]\"}],\"all_nodes\":\"gpu-[001-002]\"}");

    assertThat(status).as(logText()).isZero();
    assertThat(spooled())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.kind()).isEqualTo(HookKind.RESUME);
              assertThat(r.nodes()).containsExactly("gpu-001", "gpu-002");
              assertThat(r.jobs()).containsExactly(new ResumeFile.JobNodes(7, "gpu-[001-002]"));
            });
    assertThat(logText()).contains("spooled");
    assertThat(scontrolArgs).doesNotExist();
  }

  @Test
  void aResumeFileInThe2302SpellingWorks() throws Exception {
    int status =
        slurmctldRuns(
            HookKind.RESUME,
            "gpu-[001-003]",
            "{\"all_nodes_resume\":\"gpu-[001-003]\",\"jobs\":[{\"extra\":null,\"job_id\":8,"
                + "\"nodes_alloc\":\"gpu-[001-004]\",\"nodes_resume\":\"gpu-[001-003]\","
                + "\"partition\":\"gpu\",\"reservation\":null}]}");

    assertThat(status).as(logText()).isZero();
    assertThat(spooled().get(0).jobs())
        .containsExactly(new ResumeFile.JobNodes(8, "gpu-[001-003]"));
  }

  @Test
  void suspendNeedsNoResumeFile() throws Exception {
    int status = slurmctldRuns(HookKind.SUSPEND, "gpu-004", null);

    assertThat(status).as(logText()).isZero();
    assertThat(spooled())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.kind()).isEqualTo(HookKind.SUSPEND);
              assertThat(r.nodes()).containsExactly("gpu-004");
            });
  }

  @Test
  void aBadHostlistFailsAndSetsTheNodesDownAsGiven() throws Exception {
    int status = slurmctldRuns(HookKind.SUSPEND, "gpu-[002-001]", null);

    assertThat(status).isEqualTo(Hook.FAILED);
    assertThat(logText()).contains("reversed range '002-001'");
    assertThat(Files.readAllLines(scontrolArgs))
        .startsWith("update", "nodename=gpu-[002-001]", "state=down")
        .last()
        .asString()
        .startsWith("reason=stratus hook: invalid hostlist");
    assertThat(spooled()).isEmpty();
  }

  @Test
  void aGarbledResumeFileFailsAndSetsTheNodesDown() throws Exception {
    int status = slurmctldRuns(HookKind.RESUME, "gpu-[001-002]", "{\"jobs\":[{\"job_id\":");

    assertThat(status).isEqualTo(Hook.FAILED);
    assertThat(logText()).contains("bad SLURM_RESUME_FILE");
    assertThat(Files.readAllLines(scontrolArgs))
        .contains("nodename=gpu-[001-002]", "state=down")
        .anySatisfy(a -> assertThat(a).startsWith("reason=stratus hook: bad SLURM_RESUME_FILE"));
    assertThat(spooled()).isEmpty();
  }

  @Test
  void aMissingResumeFileFailsAndSetsTheNodesDown() throws Exception {
    int status = slurmctldRuns(HookKind.RESUME, "gpu-001", null);

    assertThat(status).isEqualTo(Hook.FAILED);
    assertThat(logText()).contains("SLURM_RESUME_FILE is not set");
    assertThat(Files.readAllLines(scontrolArgs)).contains("nodename=gpu-001", "state=down");
  }

  @Test
  void anUnusableHostlistSetsNothingDownAndSaysSo() throws Exception {
    int status = slurmctldRuns(HookKind.SUSPEND, "gpu 001;x", null);

    assertThat(status).isEqualTo(Hook.FAILED);
    assertThat(logText()).contains("unexpected character ' '", "no node to set DOWN");
    assertThat(scontrolArgs).doesNotExist();
  }

  @Test
  void theJvmRunsWithoutTheSignalsSlurmctldBlocked() throws Exception {
    slurmctldRuns(HookKind.SUSPEND, "gpu-001", null);

    String mask = logText().replaceAll("(?s).*\\(SigBlk ([0-9a-f]+)\\).*", "$1");
    long blocked = Long.parseLong(mask, 16);
    // USR1 (10), ALRM (14), TSTP (20), XCPU (24): bits the JVM itself never touches.
    for (int signal : new int[] {10, 14, 20, 24}) {
      assertThat(blocked & (1L << (signal - 1)))
          .as("signal %d in SigBlk %s", signal, mask)
          .isZero();
    }
  }

  /** Blocks slurmctld's signals, then execs {@code cmd}; returns what it printed. */
  static String withSlurmctldMask(String... cmd) throws Exception {
    List<String> argv =
        new ArrayList<>(
            List.of(
                "/usr/bin/perl",
                "-MPOSIX",
                "-e",
                "sigprocmask(SIG_BLOCK, POSIX::SigSet->new(map { POSIX->can(\"SIG$_\")->() }"
                    + " qw(HUP INT QUIT ABRT USR1 USR2 PIPE ALRM TERM TSTP XCPU))) or die;"
                    + " exec { $ARGV[0] } @ARGV or die"));
    argv.addAll(List.of(cmd));
    Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes()).strip();
    p.waitFor();
    return out;
  }

  @Test
  void sigresetEmptiesTheBlockedSignalMaskItInherits() throws Exception {
    String grep = "/bin/grep";

    assertThat(withSlurmctldMask(grep, "SigBlk", "/proc/self/status"))
        .as("control: the mask really is inherited")
        .isEqualTo("SigBlk:\t0000000000887a27");
    assertThat(
            withSlurmctldMask(written.sigreset().toString(), grep, "SigBlk", "/proc/self/status"))
        .isEqualTo("SigBlk:\t0000000000000000");
  }

  @Test
  void theLaunchersAreExecutableAndNotGroupOrWorldWritable() throws IOException {
    for (Path p : new ArrayList<>(written.launchers().values())) {
      assertThat(Files.getPosixFilePermissions(p))
          .contains(PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OTHERS_EXECUTE)
          .doesNotContain(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);
      assertThat(Files.getOwner(p).getName()).isEqualTo(System.getProperty("user.name"));
      assertThat(Files.readString(p)).startsWith("#!/bin/sh\n");
    }
    assertThat(written.launchers().keySet()).containsExactlyInAnyOrder(HookKind.values());
  }
}
