package dev.stratus.core.slurm;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs one program with an argv list (never through a shell), stdin from /dev/null, stdout and
 * stderr captured, a time limit, and exactly the given environment: nothing of this JVM's own
 * environment is inherited, so no secret in it can leak into a child.
 */
public final class CommandRunner {
  /** What a finished command left behind. */
  public record Result(List<String> command, int exitCode, String stdout, String stderr) {
    public Result {
      command = List.copyOf(command);
    }

    public boolean ok() {
      return exitCode == 0;
    }
  }

  private final Map<String, String> environment;
  private final Duration timeout;

  public CommandRunner(Map<String, String> environment, Duration timeout) {
    this.environment = Map.copyOf(environment);
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be > 0, got " + timeout);
    }
    this.timeout = timeout;
  }

  /**
   * Runs {@code command} to its end. A non-zero exit is a normal {@link Result}.
   *
   * @throws SlurmCommandException when it cannot be started or runs past the time limit (then it is
   *     killed)
   */
  public Result run(List<String> command) {
    Path out = null;
    Path err = null;
    try {
      out = Files.createTempFile("stratus-cmd", ".out");
      err = Files.createTempFile("stratus-cmd", ".err");
      ProcessBuilder pb = new ProcessBuilder(command);
      pb.environment().clear();
      pb.environment().putAll(environment);
      pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      pb.redirectOutput(out.toFile());
      pb.redirectError(err.toFile());
      Process process = pb.start();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        process.waitFor(5, TimeUnit.SECONDS);
        throw new SlurmCommandException(
            "`" + String.join(" ", command) + "` timed out after " + timeout.toMillis() + " ms");
      }
      return new Result(
          command,
          process.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new SlurmCommandException(
          "cannot run `" + String.join(" ", command) + "`: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SlurmCommandException("interrupted while running `" + command.get(0) + "`", e);
    } finally {
      deleteQuietly(out);
      deleteQuietly(err);
    }
  }

  private static void deleteQuietly(Path file) {
    if (file != null) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException ignored) {
        // a leftover temp file is harmless; the command's result matters more
      }
    }
  }
}
