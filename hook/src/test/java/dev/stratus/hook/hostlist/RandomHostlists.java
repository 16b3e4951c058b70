package dev.stratus.hook.hostlist;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Seeded random host names and hostlist expressions, shared by the property and oracle tests. */
final class RandomHostlists {
  private static final String PREFIX_CHARS = "abgpu-_x";
  private final Random random;

  RandomHostlists(long seed) {
    random = new Random(seed);
  }

  /** A valid expression: 1-4 terms, each a plain name or 1-3 bracket groups. */
  String expression() {
    int terms = 1 + random.nextInt(4);
    List<String> parts = new ArrayList<>();
    for (int t = 0; t < terms; t++) {
      parts.add(random.nextInt(4) == 0 ? name(prefix()) : bracketedTerm());
    }
    return String.join(random.nextInt(8) == 0 ? " " : ",", parts);
  }

  private String bracketedTerm() {
    int groups = 1 + random.nextInt(random.nextInt(4) == 0 ? 3 : 1);
    StringBuilder term = new StringBuilder(prefix());
    for (int g = 0; g < groups; g++) {
      if (g > 0) {
        term.append(random.nextInt(3) == 0 ? "" : prefix());
      }
      term.append('[').append(rangeList(groups == 1 ? 12 : 4)).append(']');
    }
    return term.toString();
  }

  private String rangeList(int maxSpan) {
    int ranges = 1 + random.nextInt(3);
    List<String> parts = new ArrayList<>();
    for (int r = 0; r < ranges; r++) {
      int lo = random.nextInt(120);
      String low = padded(lo);
      parts.add(random.nextBoolean() ? low : low + "-" + (lo + random.nextInt(maxSpan)));
    }
    return String.join(",", parts);
  }

  /** Names drawn from a few prefixes with mixed paddings, duplicates and a bare name or two. */
  List<String> names() {
    List<String> prefixes = List.of(prefix(), prefix(), prefix());
    int count = 1 + random.nextInt(30);
    List<String> names = new ArrayList<>();
    int next = random.nextInt(110);
    for (int i = 0; i < count; i++) {
      String prefix = prefixes.get(random.nextInt(random.nextInt(3) + 1));
      int roll = random.nextInt(10);
      if (roll == 0) {
        names.add(prefix.isEmpty() ? "x" : prefix);
      } else if (roll < 7) {
        names.add(prefix + padded(next++));
      } else {
        names.add(prefix + padded(random.nextInt(120)));
      }
    }
    return names;
  }

  /** Distinct names whose numbers, per prefix, are either all unpadded or all one padded width. */
  List<String> uniformNames() {
    List<String> names = new ArrayList<>();
    int prefixes = 1 + random.nextInt(3);
    for (int p = 0; p < prefixes; p++) {
      String prefix = prefix() + (char) ('a' + p);
      int width = random.nextBoolean() ? 0 : 3 + random.nextInt(2);
      for (int n = random.nextInt(30); n >= 0; n--) {
        int number = random.nextInt(130);
        String name =
            prefix + (width == 0 ? Integer.toString(number) : RangeList.pad(number, width));
        if (!names.contains(name)) {
          names.add(names.isEmpty() ? 0 : random.nextInt(names.size() + 1), name);
        }
      }
    }
    return names;
  }

  private String name(String prefix) {
    return random.nextInt(5) == 0
        ? (prefix.isEmpty() ? "n" : prefix)
        : prefix + padded(random.nextInt(120));
  }

  private String padded(int n) {
    int width = Integer.toString(n).length() + (random.nextInt(3) == 0 ? random.nextInt(3) : 0);
    return RangeList.pad(n, width);
  }

  private String prefix() {
    int length = random.nextInt(5);
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < length; i++) {
      s.append(PREFIX_CHARS.charAt(random.nextInt(PREFIX_CHARS.length())));
    }
    return s.toString();
  }

  /** Wraps a valid expression into an invalid one; Slurm 22.05 rejects each of these too. */
  String brokenExpression() {
    String prefix = "n" + prefix();
    return switch (random.nextInt(6)) {
      case 0 -> prefix + "[" + (10 + random.nextInt(50)) + "-" + random.nextInt(10) + "]";
      case 1 -> prefix + "[]";
      case 2 -> prefix + "[" + random.nextInt(9) + "-" + (char) ('a' + random.nextInt(26)) + "]";
      case 3 -> prefix + "[1-" + (2 + random.nextInt(9)) + "]" + "z" + prefix();
      case 4 -> prefix + "[1-" + (70_000 + random.nextInt(100_000)) + "]";
      default -> prefix + "[" + random.nextInt(9) + ",]";
    };
  }
}
