package dev.stratus.provider.gcp;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Typed reads from a free-form settings block. Every failure names the key, with {@code where} as
 * its prefix (e.g. {@code providers.gcp.offerings[2]}), so that a typo in stratus.yaml is found at
 * once.
 */
final class SettingsMap {
  private final String where;
  private final Map<String, Object> values;

  SettingsMap(String where, Map<String, Object> values, Set<String> known) {
    this.where = where;
    this.values = values;
    for (String key : values.keySet()) {
      if (!known.contains(key)) {
        throw new IllegalArgumentException(
            where + ": unknown setting '" + key + "'; known: " + new java.util.TreeSet<>(known));
      }
    }
  }

  String name(String key) {
    return where + "." + key;
  }

  Optional<String> string(String key) {
    Object v = values.get(key);
    if (v == null) {
      return Optional.empty();
    }
    if (!(v instanceof String s) || s.isBlank()) {
      throw new IllegalArgumentException(name(key) + " must be a non-blank string, got " + v);
    }
    return Optional.of(s.strip());
  }

  String required(String key) {
    return string(key).orElseThrow(() -> new IllegalArgumentException(name(key) + " must be set"));
  }

  boolean bool(String key, boolean fallback) {
    Object v = values.get(key);
    if (v == null) {
      return fallback;
    }
    if (v instanceof Boolean b) {
      return b;
    }
    throw new IllegalArgumentException(name(key) + " must be true or false, got " + v);
  }

  Optional<Long> number(String key) {
    Object v = values.get(key);
    if (v == null) {
      return Optional.empty();
    }
    if (v instanceof Integer || v instanceof Long) {
      return Optional.of(((Number) v).longValue());
    }
    throw new IllegalArgumentException(name(key) + " must be a whole number, got " + v);
  }

  long positive(String key, long fallback) {
    long n = number(key).orElse(fallback);
    if (n <= 0) {
      throw new IllegalArgumentException(name(key) + " must be > 0, got " + n);
    }
    return n;
  }

  Optional<String> decimal(String key) {
    Object v = values.get(key);
    if (v == null) {
      return Optional.empty();
    }
    if (v instanceof Number || v instanceof String) {
      return Optional.of(String.valueOf(v).strip());
    }
    throw new IllegalArgumentException(name(key) + " must be a number, got " + v);
  }

  List<Map<String, Object>> maps(String key) {
    Object v = values.get(key);
    if (v == null) {
      return List.of();
    }
    if (!(v instanceof List<?> list)) {
      throw new IllegalArgumentException(name(key) + " must be a list, got " + v);
    }
    List<Map<String, Object>> out = new java.util.ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      out.add(map(name(key) + "[" + i + "]", list.get(i)));
    }
    return out;
  }

  Map<String, String> strings(String key) {
    Object v = values.get(key);
    if (v == null) {
      return Map.of();
    }
    Map<String, String> out = new java.util.LinkedHashMap<>();
    map(name(key), v).forEach((k, x) -> out.put(k, String.valueOf(x)));
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(String where, Object v) {
    if (!(v instanceof Map<?, ?> m)) {
      throw new IllegalArgumentException(where + " must be a map, got " + v);
    }
    return (Map<String, Object>) m;
  }
}
