package dev.stratus.bootstrap;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs commands with {@link ProcessBuilder}: stdin from /dev/null, stdout and stderr appended to
 * the command's log, environment replaced by the command's. Daemons started this way (munged,
 * slurmd) therefore never hold the agent's pipes open.
 *
 * <p>Signal mask: a JVM's threads block SIGQUIT (HotSpot keeps it for its own thread dumps) and a
 * child inherits the mask of the thread that forked it (measured: SigBlk 0x4 in a Java child;
 * slurmctld's power-save thread passes on far more, docs/slurm-facts.md, "Power-saving programs").
 * munged and slurmd never unblock what they inherit, so every program is exec'd through a two-line
 * perl wrapper that sets an empty mask first ({@link #SIGRESET}; perl-base is part of every
 * Debian). The wrapper gets only the program's argv, never a secret.
 */
final class ProcessCommandRunner implements CommandRunner {
  private static final File DEV_NULL = new File("/dev/null");

  /** {@code perl -e SIGRESET PROGRAM ARGS...}: empty signal mask, then exec the program. */
  static final String SIGRESET =
      "use POSIX ();"
          + " POSIX::sigprocmask(POSIX::SIG_SETMASK(), POSIX::SigSet->new()) or die \"sigprocmask: $!\";"
          + " exec { $ARGV[0] } @ARGV or die \"exec $ARGV[0]: $!\";";

  private final String perl;

  /** {@code perl}: absolute path of the perl interpreter used to reset the signal mask. */
  ProcessCommandRunner(String perl) {
    this.perl = perl;
  }

  /** The argv actually exec'd: the command behind the signal-mask reset. */
  List<String> execArgv(Command command) {
    List<String> argv = new ArrayList<>(List.of(perl, "-e", SIGRESET));
    argv.addAll(command.argv());
    return argv;
  }

  @Override
  public int run(Command command) throws StepFailedException {
    ProcessBuilder pb = new ProcessBuilder(execArgv(command));
    pb.environment().clear();
    pb.environment().putAll(command.env());
    pb.redirectInput(ProcessBuilder.Redirect.from(DEV_NULL));
    if (command.log() == null) {
      pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    } else {
      pb.redirectOutput(ProcessBuilder.Redirect.appendTo(command.log().toFile()));
    }
    pb.redirectErrorStream(true);
    Process process;
    try {
      process = pb.start();
    } catch (IOException e) {
      throw new StepFailedException("cannot start " + command.program() + ": " + e.getMessage());
    }
    try {
      if (!process.waitFor(command.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new StepFailedException(
            command.program() + " did not exit within " + command.timeout().toMillis() + " ms");
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new StepFailedException("interrupted while waiting for " + command.program());
    }
  }
}
