package dev.stratus.provider.aws;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Typed reads from one free-form settings map; every error names the key by its full path (e.g.
 * {@code providers.aws.offerings[1].zone}) and says what is wrong.
 */
record SettingsMap(String path, Map<String, Object> values) {
  SettingsMap {
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  void onlyKeys(Set<String> known) {
    for (String key : values.keySet()) {
      if (!known.contains(key)) {
        throw new IllegalArgumentException(
            path + ": unknown setting '" + key + "'; known: " + known.stream().sorted().toList());
      }
    }
  }

  String name(String key) {
    return path + "." + key;
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
    return string(key).orElseThrow(() -> new IllegalArgumentException(name(key) + " is required"));
  }

  int integer(String key, int fallback, int min, int max) {
    Object v = values.get(key);
    if (v == null) {
      return fallback;
    }
    if (!(v instanceof Integer n) || n < min || n > max) {
      throw new IllegalArgumentException(
          name(key) + " must be an integer in " + min + ".." + max + ", got " + v);
    }
    return n;
  }

  Optional<BigDecimal> decimal(String key) {
    Object v = values.get(key);
    if (v == null) {
      return Optional.empty();
    }
    try {
      BigDecimal d = new BigDecimal(v.toString().strip());
      if (d.signum() < 0) {
        throw new NumberFormatException("negative");
      }
      return Optional.of(d);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name(key) + " must be a number >= 0, got " + v, e);
    }
  }

  boolean bool(String key, boolean fallback) {
    Object v = values.get(key);
    if (v == null) {
      return fallback;
    }
    if (!(v instanceof Boolean b)) {
      throw new IllegalArgumentException(name(key) + " must be true or false, got " + v);
    }
    return b;
  }

  Optional<SettingsMap> map(String key) {
    Object v = values.get(key);
    if (v == null) {
      return Optional.empty();
    }
    return Optional.of(asMap(name(key), v));
  }

  /** A list of maps; a missing key is an empty list. */
  List<SettingsMap> maps(String key) {
    Object v = values.get(key);
    if (v == null) {
      return List.of();
    }
    if (!(v instanceof List<?> list)) {
      throw new IllegalArgumentException(name(key) + " must be a list, got " + v);
    }
    List<SettingsMap> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      out.add(asMap(name(key) + "[" + i + "]", list.get(i)));
    }
    return out;
  }

  /** A string or a list of strings. */
  List<String> strings(String key) {
    Object v = values.get(key);
    if (v instanceof String s && !s.isBlank()) {
      return List.of(s.strip());
    }
    if (v instanceof List<?> list && !list.isEmpty()) {
      List<String> out = new ArrayList<>();
      for (Object item : list) {
        if (!(item instanceof String s) || s.isBlank()) {
          throw new IllegalArgumentException(
              name(key) + " must hold non-blank strings, got " + item);
        }
        out.add(s.strip());
      }
      return out;
    }
    throw new IllegalArgumentException(
        name(key) + " must be a string or a non-empty list of strings, got " + v);
  }

  @SuppressWarnings("unchecked")
  private static SettingsMap asMap(String path, Object v) {
    if (!(v instanceof Map<?, ?> m)) {
      throw new IllegalArgumentException(path + " must be a map, got " + v);
    }
    for (Object k : m.keySet()) {
      if (!(k instanceof String)) {
        throw new IllegalArgumentException(path + " has a non-string key " + k);
      }
    }
    return new SettingsMap(path, (Map<String, Object>) m);
  }
}
