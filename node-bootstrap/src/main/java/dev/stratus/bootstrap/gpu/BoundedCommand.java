package dev.stratus.bootstrap.gpu;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one program with a time box: environment PATH only, stdin /dev/null, stdout and stderr to
 * private temp files (a large answer cannot block on a pipe), the program and everything it started
 * killed when the time box ends. A hung nvidia-smi or dcgmi therefore costs at most the time box
 * and never blocks its caller.
 */
public final class BoundedCommand {
  static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
  private static final int MAX_TAIL = 300;

  private BoundedCommand() {}

  /** What the program did: its exit status and output, or that its time box ended first. */
  public record Outcome(boolean timedOut, int exitCode, String stdout, String stderr, long millis) {
    /** The last {@value #MAX_TAIL} characters of stderr on one line, after ": "; "" when empty. */
    public String errTail() {
      String s = stderr.replaceAll("\\s+", " ").strip();
      if (s.isEmpty()) {
        return "";
      }
      return ": " + (s.length() <= MAX_TAIL ? s : "..." + s.substring(s.length() - MAX_TAIL));
    }
  }

  /** Thrown when the program cannot be started at all (missing, not executable). */
  public static final class CannotRunException extends IOException {
    private static final long serialVersionUID = 1L;

    CannotRunException(String message) {
      super(message);
    }
  }

  /** Runs {@code argv}; {@link Outcome#timedOut} when it ran past {@code timeout} (then killed). */
  public static Outcome run(List<String> argv, Duration timeout)
      throws CannotRunException, InterruptedException {
    long start = System.nanoTime();
    Path out = null;
    Path err = null;
    try {
      out = Files.createTempFile("stratus-cmd-", ".out");
      err = Files.createTempFile("stratus-cmd-", ".err");
      ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(argv));
      pb.environment().clear();
      pb.environment().put("PATH", PATH);
      pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      pb.redirectOutput(out.toFile());
      pb.redirectError(err.toFile());
      Process p;
      try {
        p = pb.start();
      } catch (IOException e) {
        throw new CannotRunException("cannot run " + argv.get(0) + ": " + e.getMessage());
      }
      boolean exited;
      try {
        exited = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        kill(p);
        throw e;
      }
      long millis = (System.nanoTime() - start) / 1_000_000;
      if (!exited) {
        kill(p);
        return new Outcome(true, -1, "", read(err), millis);
      }
      return new Outcome(false, p.exitValue(), read(out), read(err), millis);
    } catch (CannotRunException e) {
      throw e;
    } catch (IOException e) {
      throw new CannotRunException("cannot run " + argv.get(0) + ": " + e.getMessage());
    } finally {
      delete(out);
      delete(err);
    }
  }

  /** The program and all it started (a shell script's sleep, say). */
  private static void kill(Process p) {
    p.descendants().forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly();
  }

  private static String read(Path p) throws IOException {
    return new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
  }

  private static void delete(Path p) {
    if (p != null) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException e) {
        // a temp file left behind holds no secret
      }
    }
  }
}
