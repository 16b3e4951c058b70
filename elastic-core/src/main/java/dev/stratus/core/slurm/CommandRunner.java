package dev.stratus.core.slurm;

import java.io.BufferedInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
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

  /**
   * What a finished command left behind, its stdout read by a {@link StdoutReader} ({@code null}
   * when the command did not exit 0).
   */
  public record Read<T>(List<String> command, int exitCode, T stdout, String stderr) {
    public Read {
      command = List.copyOf(command);
    }

    public boolean ok() {
      return exitCode == 0;
    }
  }

  /** Reads a command's stdout as a stream over the file it was written to. */
  @FunctionalInterface
  public interface StdoutReader<T> {
    T read(InputStream stdout) throws IOException;
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

  /** This runner with {@code extra} added to (or replacing names in) its environment. */
  public CommandRunner with(Map<String, String> extra) {
    Map<String, String> merged = new HashMap<>(environment);
    merged.putAll(extra);
    return new CommandRunner(merged, timeout);
  }

  /**
   * Runs {@code command} to its end. A non-zero exit is a normal {@link Result}.
   *
   * @throws SlurmCommandException when it cannot be started or runs past the time limit (then it is
   *     killed)
   */
  public Result run(List<String> command) {
    Read<String> read =
        run(command, in -> new String(in.readAllBytes(), StandardCharsets.UTF_8), true);
    return new Result(read.command(), read.exitCode(), read.stdout(), read.stderr());
  }

  /**
   * Runs {@code command} to its end and, when it exited 0, hands its stdout to {@code reader} as a
   * stream, so a large output (squeue of a busy cluster) never has to become one string. A non-zero
   * exit is a normal {@link Read} without stdout.
   *
   * @throws SlurmCommandException when it cannot be started or runs past the time limit (then it is
   *     killed)
   */
  public <T> Read<T> run(List<String> command, StdoutReader<T> reader) {
    return run(command, reader, false);
  }

  private <T> Read<T> run(List<String> command, StdoutReader<T> reader, boolean readOnFailure) {
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
      int exit = process.exitValue();
      T stdout = null;
      if (exit == 0 || readOnFailure) {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(out))) {
          stdout = reader.read(in);
        }
      }
      return new Read<>(command, exit, stdout, Files.readString(err, StandardCharsets.UTF_8));
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
