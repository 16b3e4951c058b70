package dev.stratus.hook.hostlist;

import java.util.Comparator;

/**
 * A plain host name split the way Slurm splits it: {@code prefix} and the trailing digits as {@code
 * number} printed at {@code width}. A name without trailing digits (or with more than {@link
 * RangeList#MAX_DIGITS}) has no number: {@code number == -1}.
 */
record HostName(String prefix, long number, int width) {
  /** Prefix in natural order, a name without number first, then number, then width. */
  static final Comparator<String> SLURM_ORDER =
      Comparator.comparing(HostName::parse, HostName::compare);

  static HostName parse(String name) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("host name must not be empty");
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '[' || c == ']' || c == ',' || Character.isWhitespace(c)) {
        throw new IllegalArgumentException(
            "host name '" + name + "' contains '" + c + "' at position " + i);
      }
    }
    int end = name.length();
    int digitsStart = end;
    while (digitsStart > 0 && RangeList.isDigit(name.charAt(digitsStart - 1))) {
      digitsStart--;
    }
    int width = end - digitsStart;
    if (width == 0 || width > RangeList.MAX_DIGITS) {
      return new HostName(name, -1, 0);
    }
    return new HostName(
        name.substring(0, digitsStart), Long.parseLong(name.substring(digitsStart)), width);
  }

  boolean hasNumber() {
    return number >= 0;
  }

  private static int compare(HostName a, HostName b) {
    int byPrefix = NaturalOrder.compare(a.prefix, b.prefix);
    if (byPrefix != 0) {
      return byPrefix;
    }
    if (a.hasNumber() != b.hasNumber()) {
      return a.hasNumber() ? 1 : -1;
    }
    int byNumber = Long.compare(a.number, b.number);
    return byNumber != 0 ? byNumber : Integer.compare(a.width, b.width);
  }
}
