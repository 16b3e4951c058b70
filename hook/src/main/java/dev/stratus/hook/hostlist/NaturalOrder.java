package dev.stratus.hook.hostlist;

/**
 * Natural string order as Slurm's {@code strnatcmp} defines it (Martin Pool's algorithm): runs of
 * digits compare by value ({@code n2 < n10}); a run that starts with '0' compares digit by digit,
 * like a fraction. Other characters compare by their code ({@code A < a}, {@code - < .}).
 */
final class NaturalOrder {
  private NaturalOrder() {}

  static int compare(String a, String b) {
    int i = 0;
    int j = 0;
    while (true) {
      char ca = at(a, i);
      char cb = at(b, j);
      while (Character.isWhitespace(ca)) {
        ca = at(a, ++i);
      }
      while (Character.isWhitespace(cb)) {
        cb = at(b, ++j);
      }
      if (RangeList.isDigit(ca) && RangeList.isDigit(cb)) {
        int r = ca == '0' || cb == '0' ? compareFraction(a, i, b, j) : compareNumber(a, i, b, j);
        if (r != 0) {
          return r;
        }
      }
      if (ca == 0 && cb == 0) {
        return 0;
      }
      if (ca != cb) {
        return ca < cb ? -1 : 1;
      }
      i++;
      j++;
    }
  }

  /** Digit runs without leading zeros: the longer run is larger; else the first difference. */
  private static int compareNumber(String a, int i, String b, int j) {
    int bias = 0;
    for (; ; i++, j++) {
      boolean da = RangeList.isDigit(at(a, i));
      boolean db = RangeList.isDigit(at(b, j));
      if (!da && !db) {
        return bias;
      }
      if (!da) {
        return -1;
      }
      if (!db) {
        return 1;
      }
      if (bias == 0 && at(a, i) != at(b, j)) {
        bias = at(a, i) < at(b, j) ? -1 : 1;
      }
    }
  }

  /** Digit runs with a leading zero: compared digit by digit, a shorter run first. */
  private static int compareFraction(String a, int i, String b, int j) {
    for (; ; i++, j++) {
      boolean da = RangeList.isDigit(at(a, i));
      boolean db = RangeList.isDigit(at(b, j));
      if (!da && !db) {
        return 0;
      }
      if (!da) {
        return -1;
      }
      if (!db) {
        return 1;
      }
      if (at(a, i) != at(b, j)) {
        return at(a, i) < at(b, j) ? -1 : 1;
      }
    }
  }

  private static char at(String s, int i) {
    return i < s.length() ? s.charAt(i) : 0;
  }
}
