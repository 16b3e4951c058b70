package dev.stratus.api.spi;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;

/** The conversions behind {@link SettingsReader}'s typed getters: null means "not that type". */
final class SettingValues {
  private SettingValues() {}

  static Long inRange(Object v, long min, long max) {
    if (!(v instanceof Integer || v instanceof Long || v instanceof BigInteger)) {
      return null;
    }
    BigInteger n = new BigInteger(v.toString());
    boolean in =
        n.compareTo(BigInteger.valueOf(min)) >= 0 && n.compareTo(BigInteger.valueOf(max)) <= 0;
    return in ? n.longValue() : null;
  }

  static BigDecimal nonNegative(Object v) {
    if (!(v instanceof Number || v instanceof String)) {
      return null;
    }
    try {
      BigDecimal d = new BigDecimal(v.toString().strip());
      return d.signum() >= 0 ? d : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** Strings quoted, so that {@code "8"} and {@code 8} look different in the message. */
  static String show(Object v) {
    return v instanceof String s ? "\"" + s + "\"" : String.valueOf(v);
  }

  /** A mapping with string keys, else an error naming {@code place}. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> mapping(String place, Object v) {
    if (!(v instanceof Map<?, ?> m)) {
      throw new IllegalArgumentException(place + " must be a mapping, got " + show(v));
    }
    for (Object k : m.keySet()) {
      if (!(k instanceof String)) {
        throw new IllegalArgumentException(place + " has a key that is not a string: " + k);
      }
    }
    return (Map<String, Object>) m;
  }
}
