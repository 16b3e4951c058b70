package dev.stratus.provider.azure;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Typed reads from a parsed YAML block; every error names the block and the key. */
final class SettingsReader {
  private final String block;
  private final Map<String, Object> raw;

  SettingsReader(String block, Map<String, Object> raw, Set<String> known) {
    this.block = block;
    this.raw = raw;
    for (String key : raw.keySet()) {
      if (!known.contains(key)) {
        throw new IllegalArgumentException(
            block + ": unknown setting '" + key + "'; known: " + new java.util.TreeSet<>(known));
      }
    }
  }

  String string(String key) {
    return optionalString(key)
        .orElseThrow(() -> new IllegalArgumentException(block + "." + key + " is required"));
  }

  Optional<String> optionalString(String key) {
    Object v = raw.get(key);
    if (v == null) {
      return Optional.empty();
    }
    if (!(v instanceof String s) || s.isBlank()) {
      throw new IllegalArgumentException(block + "." + key + " must be a non-empty string");
    }
    return Optional.of(s.strip());
  }

  /** A text passed through byte for byte (scripts): not stripped. */
  Optional<String> verbatim(String key) {
    Object v = raw.get(key);
    if (v == null) {
      return Optional.empty();
    }
    if (!(v instanceof String s) || s.isEmpty()) {
      throw new IllegalArgumentException(block + "." + key + " must be a non-empty string");
    }
    return Optional.of(s);
  }

  Optional<Integer> optionalInt(String key, int min, int max) {
    Object v = raw.get(key);
    if (v == null) {
      return Optional.empty();
    }
    if (!(v instanceof Integer n) || n < min || n > max) {
      throw new IllegalArgumentException(
          block + "." + key + " must be an integer " + min + ".." + max + ", got " + v);
    }
    return Optional.of(n);
  }

  double number(String key, double fallback) {
    Object v = raw.get(key);
    if (v == null) {
      return fallback;
    }
    if (!(v instanceof Number n)) {
      throw new IllegalArgumentException(block + "." + key + " must be a number, got " + v);
    }
    return n.doubleValue();
  }

  boolean bool(String key, boolean fallback) {
    Object v = raw.get(key);
    if (v == null) {
      return fallback;
    }
    if (!(v instanceof Boolean b)) {
      throw new IllegalArgumentException(block + "." + key + " must be true or false, got " + v);
    }
    return b;
  }
}
