package dev.stratus.bootstrap;

import java.io.File;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Runs commands with {@link ProcessBuilder}: stdin from /dev/null, stdout and stderr appended to
 * the command's log, environment replaced by the command's. Daemons started this way (munged,
 * slurmd) therefore never hold the agent's pipes open. Java's child processes start with an empty
 * signal mask (checked: SigBlk 0 in /proc/PID/status), unlike programs slurmctld forks from its
 * power-save thread, so SIGTERM reaches the daemons; the agent JVM itself is started by the
 * provider, not by slurmctld.
 */
final class ProcessCommandRunner implements CommandRunner {
  private static final File DEV_NULL = new File("/dev/null");

  @Override
  public int run(Command command) throws StepFailedException {
    ProcessBuilder pb = new ProcessBuilder(command.argv());
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
