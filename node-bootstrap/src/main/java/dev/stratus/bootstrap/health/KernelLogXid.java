package dev.stratus.bootstrap.health;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the driver's XID lines from the kernel log, in {@code /dev/kmsg}'s record form ({@code
 * 6,1234,5678,-;NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, name=python, GPU has fallen off the
 * bus.}), dmesg's ({@code [ 5678.901234] NVRM: Xid ...}) or a syslog line ({@code ... kernel: NVRM:
 * Xid ...}); with or without {@code pid=} and {@code name=}, with or without {@code PCI:}.
 */
public final class KernelLogXid {
  private static final Pattern KMSG =
      Pattern.compile("\\A(\\d{1,3}),(\\d{1,19}),(\\d{1,19}),[^;]*;");
  private static final Pattern DMESG = Pattern.compile("\\A\\[\\s*(\\d{1,12})\\.(\\d{1,6})\\]");
  private static final Pattern XID =
      Pattern.compile(
          "NVRM: Xid \\((?:PCI:)?([0-9A-Fa-f]{4,8}):([0-9A-Fa-f]{2}):([0-9A-Fa-f]{2})"
              + "(?:\\.([0-7]))?\\): (\\d{1,4})(?:,\\s*(.*))?$");
  private static final Pattern PID_OR_NAME = Pattern.compile("\\A(?:pid|name)=[^,]*,\\s*");

  private KernelLogXid() {}

  /**
   * One XID line. {@code gpu}: the bus id as nvidia-smi writes it ({@code 00000000:3B:00.0});
   * {@code bootMicros}: when, in microseconds since boot, where the line says.
   */
  public record XidEvent(String gpu, int xid, String message, OptionalLong bootMicros) {}

  /** The XID on {@code line}; empty for any other line. */
  public static Optional<XidEvent> parse(String line) {
    Matcher x = XID.matcher(line);
    if (!x.find()) {
      return Optional.empty();
    }
    String gpu =
        String.format(
            Locale.ROOT,
            "%08X:%s:%s.%s",
            Long.parseLong(x.group(1), 16),
            x.group(2).toUpperCase(Locale.ROOT),
            x.group(3).toUpperCase(Locale.ROOT),
            x.group(4) == null ? "0" : x.group(4));
    String message = x.group(6) == null ? "" : x.group(6).strip();
    for (Matcher m = PID_OR_NAME.matcher(message); m.find(); m = PID_OR_NAME.matcher(message)) {
      message = message.substring(m.end());
    }
    return Optional.of(
        new XidEvent(gpu, Integer.parseInt(x.group(5)), message.strip(), bootMicros(line)));
  }

  /** The line's time in microseconds since boot (kmsg or dmesg form); empty otherwise. */
  public static OptionalLong bootMicros(String line) {
    Matcher k = KMSG.matcher(line);
    if (k.find()) {
      return parseLong(k.group(3));
    }
    Matcher d = DMESG.matcher(line);
    if (d.find()) {
      String frac = (d.group(2) + "00000").substring(0, 6);
      OptionalLong secs = parseLong(d.group(1));
      return secs.isPresent()
          ? OptionalLong.of(secs.getAsLong() * 1_000_000 + Long.parseLong(frac))
          : secs;
    }
    return OptionalLong.empty();
  }

  private static OptionalLong parseLong(String s) {
    try {
      return OptionalLong.of(Long.parseLong(s));
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }
}
