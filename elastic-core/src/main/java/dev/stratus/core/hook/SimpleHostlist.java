package dev.stratus.core.hook;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A small, strict Slurm hostlist expander: comma-separated names, each with any number of bracket
 * groups of numbers and ranges ({@code rack[1-2]-gpu[001-004,9]}). A range is zero-padded to the
 * width of its lower bound, as Slurm does ({@code [08-10]} → 08 09 10, {@code [8-10]} → 8 9 10).
 * Names may use letters, digits, '-', '_' and '.'. Input Slurm would never produce (empty parts,
 * stray brackets) is refused with the position of the problem.
 */
final class SimpleHostlist implements HostlistExpander {
  static final int MAX_NODES = 65_536;

  @Override
  public List<String> expand(String hostlist) {
    if (hostlist == null || hostlist.isBlank()) {
      throw new IllegalArgumentException("hostlist is empty");
    }
    Set<String> out = new LinkedHashSet<>();
    int start = 0;
    int depth = 0;
    for (int i = 0; i < hostlist.length(); i++) {
      char c = hostlist.charAt(i);
      if (c == '[') {
        depth++;
      } else if (c == ']') {
        depth--;
      } else if (c == ',' && depth == 0) {
        expandOne(hostlist, start, i, out);
        start = i + 1;
      }
    }
    expandOne(hostlist, start, hostlist.length(), out);
    return List.copyOf(out);
  }

  /** Expands {@code s[from, to)}: literal text and bracket groups, as a cartesian product. */
  private static void expandOne(String s, int from, int to, Set<String> out) {
    if (from == to) {
      throw error(s, from, "empty host name");
    }
    List<String> names = List.of("");
    int i = from;
    while (i < to) {
      char c = s.charAt(i);
      if (c == '[') {
        int close = s.indexOf(']', i);
        if (close < 0 || close >= to) {
          throw error(s, i, "'[' without ']'");
        }
        names = product(s, names, group(s, i + 1, close));
        i = close + 1;
      } else if (isNameChar(c)) {
        int end = i;
        while (end < to && isNameChar(s.charAt(end))) {
          end++;
        }
        names = product(s, names, List.of(s.substring(i, end)));
        i = end;
      } else {
        throw error(s, i, "unexpected character '" + c + "'");
      }
    }
    out.addAll(names);
    if (out.size() > MAX_NODES) {
      throw error(s, from, "more than " + MAX_NODES + " nodes");
    }
  }

  private static boolean isNameChar(char c) {
    return c >= 'a' && c <= 'z'
        || c >= 'A' && c <= 'Z'
        || c >= '0' && c <= '9'
        || c == '-'
        || c == '_'
        || c == '.';
  }

  /** The numbers of one bracket group {@code s[from, to)}, e.g. {@code 001-003,7}, as text. */
  private static List<String> group(String s, int from, int to) {
    List<String> out = new ArrayList<>();
    int start = from;
    for (int i = from; i <= to; i++) {
      if (i == to || s.charAt(i) == ',') {
        range(s, start, i, out);
        start = i + 1;
      }
    }
    return out;
  }

  private static void range(String s, int from, int to, List<String> out) {
    String part = s.substring(from, to);
    int dash = part.indexOf('-');
    String lo = dash < 0 ? part : part.substring(0, dash);
    String hi = dash < 0 ? part : part.substring(dash + 1);
    long low = number(s, from, lo);
    long high = number(s, from + (dash < 0 ? 0 : dash + 1), hi);
    if (high < low) {
      throw error(s, from, "range " + part + " runs backwards");
    }
    if (high - low >= MAX_NODES) {
      throw error(s, from, "range " + part + " has more than " + MAX_NODES + " nodes");
    }
    for (long n = low; n <= high; n++) {
      String digits = Long.toString(n);
      out.add("0".repeat(Math.max(0, lo.length() - digits.length())) + digits);
    }
  }

  private static long number(String s, int at, String digits) {
    boolean ok = !digits.isEmpty() && digits.length() <= 18;
    for (int i = 0; ok && i < digits.length(); i++) {
      ok = digits.charAt(i) >= '0' && digits.charAt(i) <= '9';
    }
    if (!ok) {
      throw error(s, at, "'" + digits + "' is not a number");
    }
    return Long.parseLong(digits);
  }

  private static List<String> product(String s, List<String> prefixes, List<String> parts) {
    if ((long) prefixes.size() * parts.size() > MAX_NODES) {
      throw error(s, 0, "more than " + MAX_NODES + " nodes");
    }
    List<String> out = new ArrayList<>(prefixes.size() * parts.size());
    for (String p : prefixes) {
      for (String q : parts) {
        out.add(p + q);
      }
    }
    return out;
  }

  private static IllegalArgumentException error(String s, int position, String what) {
    return new IllegalArgumentException(
        "bad hostlist '" + s + "': " + what + " at position " + (position + 1));
  }
}
