package dev.stratus.core.spool;

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

  private SpoolIds() {}

  public static String next(HookKind kind, Instant at) {
    return TIME.format(at)
        + '-'
        + kind.cliName()
        + '-'
        + ProcessHandle.current().pid()
        + '-'
        + SEQ.incrementAndGet()
        + '-'
        + String.format("%04x", ThreadLocalRandom.current().nextInt(0x10000));
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
