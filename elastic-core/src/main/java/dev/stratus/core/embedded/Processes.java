package dev.stratus.core.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Starting and stopping the daemons of the embedded cluster. Only processes whose PID we wrote or
 * read from a pid file we configured are ever signalled.
 */
public final class Processes {
  private Processes() {}

  /** PATH for every child: slurmctld and the Slurm tools live in the sbin and bin dirs. */
  public static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

  /**
   * Runs a command to completion with exactly {@code env} (plus PATH), stdin from /dev/null and
   * output appended to {@code log}. Returns the exit code; throws if it does not end in time.
   */
  public static int run(List<String> argv, Map<String, String> env, Path log, Duration timeout) {
    try {
      ProcessBuilder pb = new ProcessBuilder(argv);
      pb.environment().clear();
      pb.environment().put("PATH", PATH);
      pb.environment().putAll(env);
      pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
      pb.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
      pb.redirectErrorStream(true);
      Process p = pb.start();
      if (!p.waitFor(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException(argv.get(0) + " did not finish within " + timeout);
      }
      return p.exitValue();
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + argv.get(0) + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + argv.get(0), e);
    }
  }

  /** Runs a command and returns its exit code and standard output (stderr goes to {@code log}). */
  public static Result output(
      List<String> argv, Map<String, String> env, Path log, Duration timeout) {
    try {
      ProcessBuilder pb = new ProcessBuilder(argv);
      pb.environment().clear();
      pb.environment().put("PATH", PATH);
      pb.environment().putAll(env);
      pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
      pb.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
      Process p = pb.start();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException(argv.get(0) + " did not finish within " + timeout);
      }
      return new Result(p.exitValue(), new String(out, java.nio.charset.StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + argv.get(0) + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + argv.get(0), e);
    }
  }

  public record Result(int exitCode, String stdout) {}

  public static Optional<Long> readPid(Path pidFile) {
    try {
      String text = Files.readString(pidFile).strip();
      return text.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(text));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  public static boolean alive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  /** SIGTERM, wait up to {@code grace}, then SIGKILL. Returns true when the process is gone. */
  public static boolean stop(long pid, Duration grace) {
    Optional<ProcessHandle> handle = ProcessHandle.of(pid);
    if (handle.isEmpty()) {
      return true;
    }
    handle.get().destroy();
    if (waitGone(pid, grace)) {
      return true;
    }
    handle.get().destroyForcibly();
    return waitGone(pid, Duration.ofSeconds(5));
  }

  public static boolean waitGone(long pid, Duration timeout) {
    Instant end = Instant.now().plus(timeout);
    while (Instant.now().isBefore(end)) {
      if (!alive(pid)) {
        return true;
      }
      pause(50);
    }
    return !alive(pid);
  }

  static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
