package dev.stratus.sandbox.process;

import dev.stratus.core.slurm.CommandRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
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
   * Runs a command to completion with exactly {@code env} (plus PATH) through {@link
   * CommandRunner}, appending its output to {@code log}. Returns the exit code.
   */
  public static int run(List<String> argv, Map<String, String> env, Path log, Duration timeout) {
    CommandRunner.Result r = runner(env, timeout).run(resolved(argv, env));
    appendToLog(log, r, r.stdout() + r.stderr());
    return r.exitCode();
  }

  /** Like {@link #run}, but hands back standard output; only stderr goes to {@code log}. */
  public static Result output(
      List<String> argv, Map<String, String> env, Path log, Duration timeout) {
    CommandRunner.Result r = runner(env, timeout).run(resolved(argv, env));
    appendToLog(log, r, r.stderr());
    return new Result(r.exitCode(), r.stdout());
  }

  public record Result(int exitCode, String stdout) {}

  private static CommandRunner runner(Map<String, String> env, Duration timeout) {
    Map<String, String> full = new HashMap<>(env);
    full.putIfAbsent("PATH", PATH);
    return new CommandRunner(full, timeout);
  }

  /**
   * {@code argv} with a bare program name looked up in the child's PATH: Java would look in the
   * JVM's own, and a cluster's PATH puts its own Slurm first.
   */
  public static List<String> resolved(List<String> argv, Map<String, String> env) {
    String program = argv.get(0);
    if (program.contains("/")) {
      return argv;
    }
    for (String dir : env.getOrDefault("PATH", PATH).split(":")) {
      Path candidate = Path.of(dir, program);
      if (Files.isExecutable(candidate)) {
        List<String> out = new ArrayList<>(argv);
        out.set(0, candidate.toString());
        return out;
      }
    }
    return argv;
  }

  private static void appendToLog(Path log, CommandRunner.Result r, String text) {
    if (log == null) {
      return; // the caller keeps no log
    }
    try {
      Files.writeString(
          log,
          "$ " + String.join(" ", r.command()) + " (exit " + r.exitCode() + ")\n" + text,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      // the log is for people; a command's result must not depend on it
    }
  }

  /**
   * "{@code log} ends: " and its last {@code lines} lines, for an error message; says so when the
   * log cannot be read.
   */
  public static String tail(Path log, int lines) {
    try {
      // bytes, not readAllLines: a log line that is not UTF-8 must not hide the others
      List<String> all =
          List.of(new String(Files.readAllBytes(log), StandardCharsets.UTF_8).split("\n"));
      return log
          + " ends:\n"
          + String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return log + " cannot be read: " + e.getMessage();
    }
  }

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

  public static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
