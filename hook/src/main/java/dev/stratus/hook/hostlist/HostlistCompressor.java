package dev.stratus.hook.hostlist;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * {@code scontrol show hostlist}: each name joins the previous range when it has the same prefix,
 * the next number and a compatible width; neighbouring ranges with one prefix share a bracket.
 */
final class HostlistCompressor {
  private HostlistCompressor() {}

  /** A run of numbers {@code lo..hi} printed at {@code width}; {@code lo < 0}: a bare name. */
  private static final class Range {
    final String prefix;
    final long lo;
    long hi;
    int width;

    Range(HostName name) {
      prefix = name.prefix();
      lo = name.number();
      hi = name.number();
      width = name.width();
    }

    boolean numbered() {
      return lo >= 0;
    }

    String numbers() {
      return lo == hi
          ? RangeList.pad(lo, width)
          : RangeList.pad(lo, width) + "-" + RangeList.pad(hi, width);
    }
  }

  static String compress(Collection<String> names) {
    List<Range> ranges = new ArrayList<>();
    for (String name : names) {
      HostName host = HostName.parse(name);
      Range last = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
      if (last != null && host.hasNumber() && sameNumberedPrefix(last, host.prefix())) {
        int width = commonWidth(last.lo, last.width, host.number(), host.width());
        if (last.hi + 1 == host.number() && width > 0) {
          last.hi = host.number();
          last.width = width;
          continue;
        }
      }
      ranges.add(new Range(host));
    }
    return render(ranges);
  }

  private static boolean sameNumberedPrefix(Range r, String prefix) {
    return r.numbered() && r.prefix.equals(prefix);
  }

  private static String render(List<Range> ranges) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < ranges.size()) {
      if (out.length() > 0) {
        out.append(',');
      }
      Range first = ranges.get(i);
      if (!first.numbered()) {
        out.append(first.prefix);
        i++;
        continue;
      }
      int j = i + 1;
      while (j < ranges.size() && sameNumberedPrefix(ranges.get(j), first.prefix)) {
        j++;
      }
      if (j == i + 1 && first.lo == first.hi) {
        out.append(first.prefix).append(first.numbers());
      } else {
        out.append(first.prefix).append('[');
        for (int k = i; k < j; k++) {
          out.append(k > i ? "," : "").append(ranges.get(k).numbers());
        }
        out.append(']');
      }
      i = j;
    }
    return out.toString();
  }

  /**
   * Slurm's width rule: two numbers can share a width when one of them prints the same at both
   * widths; that one takes the other's width. {@code 9}(1) and {@code 10}(2) share width 1; {@code
   * 009}(3) and {@code 10}(2) share none. Returns the shared width, or -1.
   */
  static int commonWidth(long n, int wn, long m, int wm) {
    if (wn == wm) {
      return wn;
    }
    if (padding(n, wn) == padding(n, wm)) {
      return wm;
    }
    if (padding(m, wm) == padding(m, wn)) {
      return wn;
    }
    return -1;
  }

  private static int padding(long number, int width) {
    return Math.max(0, width - Long.toString(number).length());
  }
}
