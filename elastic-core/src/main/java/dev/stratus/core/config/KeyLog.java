package dev.stratus.core.config;

import java.util.Collection;
import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The key paths a load declared as known, list indexes folded to {@code []} ({@code
 * pools[].gpu.model}): what a reader may write in the file, as the readers themselves say it, so a
 * reference can be checked against the code rather than against a copy of it.
 */
final class KeyLog {
  /** A log that keeps nothing: every load but {@link ConfigLoader#keys}. */
  static final KeyLog NONE = new KeyLog();

  private final SortedSet<String> paths = new TreeSet<>();

  /** The mapping at {@code path} may hold {@code known}. */
  void declare(String path, Collection<String> known) {
    if (this == NONE) {
      return;
    }
    String folded = path.replaceAll("\\[\\d+]", "[]");
    if (!folded.isEmpty()) {
      paths.add(folded);
    }
    for (String key : known) {
      paths.add(folded.isEmpty() ? key : folded + "." + key);
    }
  }

  SortedSet<String> paths() {
    return Collections.unmodifiableSortedSet(paths);
  }
}
