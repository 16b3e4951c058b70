package dev.stratus.provider.local;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the host tools the provider needs ({@code ip}, {@code mknod}) with a clean environment,
 * stdin from /dev/null and a time limit, and returns their exit status and output.
 */
final class Shell {
  static final String SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
  private static final long TIMEOUT_SECONDS = 15;

  record Result(int exit, String output) {
    boolean ok() {
      return exit == 0;
    }
  }

  private Shell() {}

  /** The absolute path of a tool on the system PATH (Java would search the JVM's own PATH). */
  static String tool(String name) {
    for (String dir : SYSTEM_PATH.split(":")) {
      Path p = Path.of(dir, name);
      if (Files.isExecutable(p)) {
        return p.toString();
      }
    }
    throw new IllegalStateException(name + " not found on " + SYSTEM_PATH);
  }

  /**
   * Runs the command and reports what it did. An interrupted thread starts nothing (exit -1,
   * "interrupted"); a command already started when the interrupt comes is still waited for (within
   * the time limit) and its real result returned, with the interrupt kept: it has taken effect (a
   * namespace added), and reporting it as failed would leave that effect unrecorded.
   */
  static Result run(String... argv) {
    if (Thread.currentThread().isInterrupted()) {
      return new Result(-1, String.join(" ", argv) + ": not run, interrupted");
    }
    List<String> command = new ArrayList<>(List.of(argv));
    command.set(0, tool(argv[0]));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().clear();
    pb.environment().put("PATH", SYSTEM_PATH);
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    try {
      Process p = pb.start();
      byte[] out = p.getInputStream().readAllBytes();
      if (!awaitExit(p)) {
        p.destroyForcibly();
        return new Result(-1, String.join(" ", argv) + " timed out");
      }
      return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8).trim());
    } catch (IOException e) {
      return new Result(-1, "cannot run " + argv[0] + ": " + e.getMessage());
    }
  }

  /** Waits up to the time limit, through interrupts, which are kept for the caller. */
  private static boolean awaitExit(Process p) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Runs and throws {@link LocalCommandException} with the command and its output on failure. */
  static String check(String... argv) {
    Result r = run(argv);
    if (!r.ok()) {
      throw new LocalCommandException(
          String.join(" ", argv) + " failed (" + r.exit() + "): " + r.output());
    }
    return r.output();
  }
}
