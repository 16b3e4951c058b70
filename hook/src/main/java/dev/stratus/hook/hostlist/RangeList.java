package dev.stratus.hook.hostlist;

import java.util.ArrayList;
import java.util.List;

/** The inside of one bracket group, {@code 001-004,007}, as formatted numbers. */
final class RangeList {
  /** Slurm's MAX_RANGE: a larger single range is an error there too. */
  static final int MAX_RANGE = 65_536;

  /** Longer numbers could overflow a long; Slurm's own limit is an unsigned long. */
  static final int MAX_DIGITS = 18;

  private RangeList() {}

  /** Parses {@code expression[from, to)}, the text between '[' and ']'. */
  static List<String> parse(String expression, int from, int to) {
    List<String> numbers = new ArrayList<>();
    int pieceStart = from;
    for (int i = from; i <= to; i++) {
      if (i == to || expression.charAt(i) == ',') {
        addRange(expression, pieceStart, i, numbers);
        pieceStart = i + 1;
      }
    }
    return numbers;
  }

  private static void addRange(String expression, int from, int to, List<String> out) {
    if (from == to) {
      throw new HostlistException(expression, from, "empty range");
    }
    int dash = expression.indexOf('-', from);
    int loEnd = dash >= 0 && dash < to ? dash : to;
    String lo = digits(expression, from, loEnd);
    String hi = loEnd == to ? lo : digits(expression, loEnd + 1, to);
    long low = Long.parseLong(lo);
    long high = Long.parseLong(hi);
    String range = expression.substring(from, to);
    if (low > high) {
      throw new HostlistException(expression, from, "reversed range '" + range + "'");
    }
    if (high - low + 1 > MAX_RANGE) {
      throw new HostlistException(
          expression, from, "range '" + range + "' holds more than " + MAX_RANGE + " names");
    }
    int width = lo.length();
    for (long n = low; n <= high; n++) {
      out.add(pad(n, width));
    }
  }

  private static String digits(String expression, int from, int to) {
    if (from == to) {
      throw new HostlistException(expression, from, "missing number in range");
    }
    for (int i = from; i < to; i++) {
      if (!isDigit(expression.charAt(i))) {
        throw new HostlistException(
            expression, i, "'" + expression.charAt(i) + "' is not a digit in a range");
      }
    }
    if (to - from > MAX_DIGITS) {
      throw new HostlistException(expression, from, "number longer than " + MAX_DIGITS + " digits");
    }
    return expression.substring(from, to);
  }

  static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** {@code n} with leading zeros up to {@code width}, like printf's {@code %0*lu}. */
  static String pad(long n, int width) {
    String s = Long.toString(n);
    return s.length() >= width ? s : "0".repeat(width - s.length()) + s;
  }
}
