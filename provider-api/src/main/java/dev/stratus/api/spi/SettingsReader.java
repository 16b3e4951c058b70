package dev.stratus.api.spi;

import dev.stratus.api.model.CapacityType;
import dev.stratus.wire.Durations;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Typed reads from a provider's settings block ({@link ProviderContext#settings()}: the plain Java
 * values stratus.yaml parsed to). Keys not in the provider's {@link SettingKeys} are refused when
 * the reader is made. Every error is an {@link IllegalArgumentException} whose message starts with
 * the key's full place in stratus.yaml, so it names the provider and the key: {@code
 * providers.aws.offerings[1].zone is required}, {@code providers.local.gpuCount must be a whole
 * number in 0..64, got "eight"}, {@code providers.gcp: unknown setting 'regoin'; known: [...]}.
 *
 * <p>A missing key and a key whose value is null read the same: absent.
 */
public final class SettingsReader {
  private final String where;
  private final SettingKeys keys;
  private final Map<String, Object> values;

  private SettingsReader(String where, SettingKeys keys, Map<String, ?> values) {
    keys.check(where, values.keySet());
    this.where = where;
    this.keys = keys;
    this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /** The reader of {@code providers.<provider>}. */
  public static SettingsReader of(String provider, SettingKeys keys, Map<String, ?> values) {
    return new SettingsReader("providers." + provider, keys, values);
  }

  /** Where this block is in stratus.yaml, e.g. {@code providers.aws.offerings[1]}. */
  public String where() {
    return where;
  }

  /** The full name of one of its keys, for messages the provider writes itself. */
  public String name(String key) {
    return where + "." + key;
  }

  /** The keys the block holds, in document order (for free-form blocks: zone to subnets, say). */
  public Set<String> present() {
    return values.keySet();
  }

  /** An error about {@code key}'s value: {@code <where>.<key> <problem>}. */
  public IllegalArgumentException error(String key, String problem) {
    return new IllegalArgumentException(name(key) + " " + problem);
  }

  /** A non-blank string, stripped. */
  public Optional<String> string(String key) {
    return typed(
        key, "a non-blank string", v -> v instanceof String s && !s.isBlank() ? s.strip() : null);
  }

  public String string(String key, String fallback) {
    return string(key).orElse(fallback);
  }

  public String requiredString(String key) {
    return string(key).orElseThrow(() -> missing(key));
  }

  /** A non-empty string passed on byte for byte (a script, user-data): not stripped. */
  public Optional<String> text(String key) {
    return typed(key, "a non-empty string", v -> v instanceof String s && !s.isEmpty() ? s : null);
  }

  public Optional<Integer> integer(String key, int min, int max) {
    return whole(key, min, max).map(Long::intValue);
  }

  public int integer(String key, int fallback, int min, int max) {
    return integer(key, min, max).orElse(fallback);
  }

  public Optional<Long> longInteger(String key, long min, long max) {
    return whole(key, min, max);
  }

  public long longInteger(String key, long fallback, long min, long max) {
    return whole(key, min, max).orElse(fallback);
  }

  /** Any number (YAML integer or decimal). */
  public double number(String key, double fallback) {
    return typed(key, "a number", v -> v instanceof Number n ? n.doubleValue() : null)
        .orElse(fallback);
  }

  /** A number {@code >= 0} kept exact (a price); a numeric string is taken too. */
  public Optional<BigDecimal> decimal(String key) {
    return typed(key, "a number >= 0", SettingValues::nonNegative);
  }

  public boolean bool(String key, boolean fallback) {
    return typed(key, "true or false", v -> v instanceof Boolean b ? b : null).orElse(fallback);
  }

  /** A duration as {@link Durations} reads it ({@code 500ms}, {@code 1m30s}, {@code PT10S}). */
  public Optional<Duration> duration(String key) {
    return value(key)
        .map(
            v -> {
              if (!(v instanceof String s)) {
                throw wrong(key, "a duration such as 30s or 5m", v);
              }
              try {
                return Durations.parse(s);
              } catch (IllegalArgumentException e) {
                throw error(key, "must be a duration: " + e.getMessage());
              }
            });
  }

  public Duration duration(String key, Duration fallback) {
    return duration(key).orElse(fallback);
  }

  /**
   * {@code on-demand} (default when absent; {@code on_demand}, {@code ondemand} too) or {@code
   * spot}.
   */
  public CapacityType capacityType(String key) {
    String v = string(key, "on-demand");
    return switch (v.toLowerCase(Locale.ROOT)) {
      case "on-demand", "on_demand", "ondemand" -> CapacityType.ON_DEMAND;
      case "spot" -> CapacityType.SPOT;
      default -> throw wrong(key, "on-demand or spot", v);
    };
  }

  /** A string or a list of them (at least one); absent: an empty list. */
  public List<String> strings(String key) {
    Optional<Object> value = value(key);
    if (value.isEmpty()) {
      return List.of();
    }
    Object v = value.get();
    if (v instanceof String s && !s.isBlank()) {
      return List.of(s.strip());
    }
    if (v instanceof List<?> list && !list.isEmpty()) {
      List<String> out = new ArrayList<>();
      for (Object item : list) {
        if (!(item instanceof String s) || s.isBlank()) {
          throw wrong(key, "a string or a list of non-blank strings", v);
        }
        out.add(s.strip());
      }
      return List.copyOf(out);
    }
    throw wrong(key, "a string or a non-empty list of strings", v);
  }

  /** A free-form mapping of names to scalars, each as its text; absent: empty. */
  public Map<String, String> stringMap(String key) {
    Map<String, String> out = new LinkedHashMap<>();
    for (var e : SettingValues.mapping(name(key), value(key).orElse(Map.of())).entrySet()) {
      if (e.getValue() instanceof Map || e.getValue() instanceof List || e.getValue() == null) {
        throw wrong(key + "." + e.getKey(), "a single value", e.getValue());
      }
      out.put(e.getKey(), String.valueOf(e.getValue()));
    }
    return Collections.unmodifiableMap(out);
  }

  /** The nested block under {@code key}, read against its declared keys (free-form if none). */
  public Optional<SettingsReader> block(String key) {
    return value(key).map(v -> child(name(key), key, v));
  }

  /** The list of blocks under {@code key}, each read against its declared keys; absent: empty. */
  public List<SettingsReader> blocks(String key) {
    Optional<Object> value = value(key);
    if (value.isEmpty()) {
      return List.of();
    }
    if (!(value.get() instanceof List<?> list)) {
      throw wrong(key, "a list", value.get());
    }
    List<SettingsReader> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      out.add(child(name(key) + "[" + i + "]", key, list.get(i)));
    }
    return List.copyOf(out);
  }

  /** The raw value, for a shape the provider checks itself (say a map of rack to node count). */
  public Optional<Object> value(String key) {
    return Optional.ofNullable(values.get(key));
  }

  private SettingsReader child(String place, String key, Object v) {
    SettingKeys inner = keys.block(key).orElse(null);
    Map<String, Object> map = SettingValues.mapping(place, v);
    if (inner == null) {
      inner = new SettingKeys(new TreeSet<>(map.keySet()), Map.of());
    }
    return new SettingsReader(place, inner, map);
  }

  private Optional<Long> whole(String key, long min, long max) {
    String range =
        max == Long.MAX_VALUE || max == Integer.MAX_VALUE
            ? "a whole number >= " + min
            : "a whole number in " + min + ".." + max;
    return typed(key, range, v -> SettingValues.inRange(v, min, max));
  }

  /** The value converted, or the error that names the key: {@code convert} gives null to refuse. */
  private <T> Optional<T> typed(String key, String expected, Function<Object, T> convert) {
    return value(key)
        .map(
            v -> {
              T t = convert.apply(v);
              if (t == null) {
                throw wrong(key, expected, v);
              }
              return t;
            });
  }

  private IllegalArgumentException missing(String key) {
    return new IllegalArgumentException(name(key) + " is required");
  }

  private IllegalArgumentException wrong(String key, String expected, Object got) {
    return error(key, "must be " + expected + ", got " + SettingValues.show(got));
  }
}
