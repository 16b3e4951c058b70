package dev.stratus.hook;

import dev.stratus.hook.hostlist.Hostlist;
import dev.stratus.hook.spool.Spool;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * {@code stratus hook resume|suspend|resume-fail HOSTLIST}: the JVM side of the launchers that
 * slurmctld runs (see {@link HookLaunchers}). A plain {@code main}, no picocli, no logging
 * framework: JVM start time is the hook's latency.
 *
 * <p>Settings (system properties, set by the launcher): {@value #SPOOL_DIR} (required), {@value
 * #SCONTROL} (default {@code scontrol} on PATH), {@value #RESUME_FD} (the fd on which the launcher
 * holds SLURM_RESUME_FILE open; when empty the file named by the SLURM_RESUME_FILE environment
 * variable is read directly). The log goes to standard error, which the launcher appends to the
 * hook log.
 */
public final class HookMain {
  public static final String SPOOL_DIR = "stratus.hook.spoolDir";
  public static final String SCONTROL = "stratus.hook.scontrol";
  public static final String RESUME_FD = "stratus.hook.resumeFd";

  private HookMain() {}

  public static void main(String[] args) {
    System.exit(run(List.of(args), System.getProperties(), System.getenv(), System.err));
  }

  /** Runs one hook call and returns its exit status; usable in-process (e.g. from the CLI). */
  public static int run(
      List<String> args, Properties props, Map<String, String> env, PrintStream logStream) {
    Clock clock = Clock.systemUTC();
    HookLog log = new HookLog(logStream, clock);
    log.info("called with " + args + " (SigBlk " + blockedSignals() + ")");
    String spoolDir = props.getProperty(SPOOL_DIR, "");
    Hook.RequestWriter writer =
        spoolDir.isBlank()
            ? r -> {
              throw new IOException("system property " + SPOOL_DIR + " is not set");
            }
            : new Spool(Path.of(spoolDir), clock)::write;
    Hook hook =
        new Hook(
            HookMain::nodeNames,
            new JsonResumeFileReader(), // streaming jackson-core: no databind on the hook's class
            // path
            () -> readResumeFile(props.getProperty(RESUME_FD, ""), env.get("SLURM_RESUME_FILE")),
            writer,
            new ScontrolDowner(props.getProperty(SCONTROL, "scontrol"), log),
            clock,
            log);
    return hook.run(args);
  }

  /**
   * The hook's hostlist, expanded without duplicates. Slurm node names are letters, digits, '.',
   * '-' and '_'; anything else (a space, a ';') means slurmctld did not write this argument, so it
   * is refused with the position rather than split into odd names.
   */
  static List<String> nodeNames(String hostlist) {
    for (int i = 0; i < hostlist.length(); i++) {
      char c = hostlist.charAt(i);
      if (!(Character.isLetterOrDigit(c) || ".-_[],".indexOf(c) >= 0) || c > 0x7e) {
        throw new IllegalArgumentException(
            "invalid hostlist '"
                + hostlist
                + "': unexpected character '"
                + c
                + "' at position "
                + i);
      }
    }
    return List.copyOf(new LinkedHashSet<>(Hostlist.expand(hostlist)));
  }

  static String readResumeFile(String fd, String envPath) throws IOException {
    if (!fd.isBlank()) {
      return read(Path.of("/dev/fd/" + Integer.parseInt(fd.strip())), envPath);
    }
    if (envPath == null || envPath.isBlank()) {
      throw new IOException("SLURM_RESUME_FILE is not set");
    }
    return read(Path.of(envPath), envPath);
  }

  private static String read(Path path, String envPath) throws IOException {
    try {
      return Files.readString(path);
    } catch (IOException e) {
      throw new IOException(
          "cannot read " + path + " (SLURM_RESUME_FILE=" + envPath + "): " + e, e);
    }
  }

  /** This thread's blocked-signal mask, for the log: slurmctld's inherited mask shows up here. */
  private static String blockedSignals() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/thread-self/status"))) {
        if (line.startsWith("SigBlk:")) {
          return line.substring(7).strip();
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or no /proc: not worth failing for
    }
    return "?";
  }
}
