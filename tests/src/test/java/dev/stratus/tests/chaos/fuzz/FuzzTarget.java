package dev.stratus.tests.chaos.fuzz;

import dev.stratus.tests.chaos.Reliability;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One parser under fuzz and its tally. The property every input must meet: the parser accepts it,
 * or refuses it with its documented exception type and a message that names the input ({@code
 * namesInput}: e.g. the file name, the document's name). Anything else (another exception, a
 * StackOverflowError, a refusal that does not say what was refused) is a crash: counted, kept, and
 * the property fails with it.
 */
final class FuzzTarget {
  /** Parses one input; returns normally when it accepts it. */
  interface Parser {
    void parse(String input) throws Exception;
  }

  private final String name;
  private final Parser parser;
  private final Class<? extends Exception> refusal;
  private final String namesInput;
  private final AtomicLong accepted = new AtomicLong();
  private final AtomicLong refused = new AtomicLong();
  private final Set<String> crashes = new ConcurrentSkipListSet<>();

  FuzzTarget(String name, Class<? extends Exception> refusal, String namesInput, Parser parser) {
    this.name = name;
    this.parser = parser;
    this.refusal = refusal;
    this.namesInput = namesInput;
  }

  String name() {
    return name;
  }

  /** Feeds one input; throws AssertionError (after counting it) when the input crashes it. */
  void attempt(String input) {
    attempt(input, parser);
  }

  /** As {@link #attempt(String)}, through {@code how} (an input that needs more than a string). */
  void attempt(String input, Parser how) {
    try {
      how.parse(input);
      accepted.incrementAndGet();
    } catch (Exception | StackOverflowError e) {
      if (refusal.isInstance(e) && e.getMessage() != null && e.getMessage().contains(namesInput)) {
        refused.incrementAndGet();
        return;
      }
      crashes.add(input);
      throw new AssertionError(
          name
              + ": input "
              + Mutations.quoted(input)
              + " was neither accepted nor refused with a "
              + refusal.getSimpleName()
              + " naming '"
              + namesInput
              + "'",
          e);
    }
  }

  Map<String, Object> figures() {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("inputs", accepted.get() + refused.get() + crashes.size());
    f.put("accepted", accepted.get());
    f.put("refused", refused.get());
    f.put("crashes", crashes.size());
    f.put("refusal", refusal.getSimpleName());
    return f;
  }

  void record() {
    Reliability.record("fuzz", name, figures());
  }
}
