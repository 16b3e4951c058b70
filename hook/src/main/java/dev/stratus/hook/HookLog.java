package dev.stratus.hook;

import dev.stratus.hook.spool.SpoolIds;
import java.io.PrintStream;
import java.time.Clock;
import java.time.temporal.ChronoUnit;

/**
 * The hook's log: one line per event, {@code <UTC time> stratus-hook[<pid>] <message>}, to a stream
 * the launcher points at the hook log file. No logging framework: each one would add tens of
 * milliseconds to a JVM that must start and exit fast. Never logs the environment.
 */
final class HookLog {
  private final PrintStream out;
  private final Clock clock;
  private final long pid = SpoolIds.pid();

  HookLog(PrintStream out, Clock clock) {
    this.out = out;
    this.clock = clock;
  }

  void info(String message) {
    out.println(
        clock.instant().truncatedTo(ChronoUnit.MILLIS) + " stratus-hook[" + pid + "] " + message);
    out.flush();
  }
}
