package dev.stratus.tests.chaos.fuzz;

import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Inputs for a parser: valid documents (seeds) with one to five random edits (a range deleted,
 * duplicated or cut off, a character replaced, a token of the format inserted), and, less often,
 * arbitrary text. Mutating real documents reaches deep into a parser; random text tests its front
 * door.
 */
final class Mutations {
  /** Characters that upset parsers: quotes, brackets, controls, a NUL, surrogates, a BOM. */
  private static final String AWKWARD =
      "\"'{}[]<>:,;\\/&#%!*?|~^-+.=\n\r\t\0\uFEFF\uD800\uDFFF\u00e9";

  private Mutations() {}

  static Arbitrary<String> of(List<String> seeds, List<String> tokens) {
    Arbitrary<String> mutated =
        Combinators.combine(Arbitraries.of(seeds), Arbitraries.longs())
            .as((seed, r) -> mutate(seed, new Random(r), tokens));
    Arbitrary<String> text =
        Arbitraries.strings().withChars(AWKWARD).ascii().ofMaxLength(80).edgeCases(c -> c.add(""));
    return Arbitraries.frequencyOf(
        Tuple.of(8, mutated), Tuple.of(1, text), Tuple.of(1, Arbitraries.of(seeds)));
  }

  static String mutate(String seed, Random r, List<String> tokens) {
    StringBuilder s = new StringBuilder(seed);
    int edits = 1 + r.nextInt(5);
    for (int i = 0; i < edits; i++) {
      int at = s.length() == 0 ? 0 : r.nextInt(s.length());
      int len = Math.min(s.length() - at, 1 + r.nextInt(12));
      switch (r.nextInt(6)) {
        case 0 -> s.delete(at, at + len);
        case 1 -> s.insert(at, s.substring(at, at + len));
        case 2 -> s.setLength(at);
        case 3 -> {
          if (s.length() > 0) {
            s.setCharAt(at, AWKWARD.charAt(r.nextInt(AWKWARD.length())));
          }
        }
        default -> s.insert(at, tokens.get(r.nextInt(tokens.size())));
      }
    }
    return s.toString();
  }

  /** The input as a Java literal, for a failure message. */
  static String quoted(String input) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : input.toCharArray()) {
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20 || c > 0x7e) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }
}
