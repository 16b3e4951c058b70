package dev.stratus.testkit.aws;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An EC2 Query-protocol request body ({@code Action=...&Version=2016-11-15&Filter.1.Name=...}),
 * with the protocol's list convention: members are numbered from 1 ({@code Prefix.1}, {@code
 * Prefix.2}, ...), nested structures continue the dotted path.
 */
public record QueryParams(Map<String, String> values) {
  static QueryParams parse(String body) {
    Map<String, String> values = new LinkedHashMap<>();
    if (body != null && !body.isEmpty()) {
      for (String pair : body.split("&")) {
        int eq = pair.indexOf('=');
        String k = eq < 0 ? pair : pair.substring(0, eq);
        String v = eq < 0 ? "" : pair.substring(eq + 1);
        values.put(decode(k), decode(v));
      }
    }
    return new QueryParams(Map.copyOf(values));
  }

  private static String decode(String s) {
    return URLDecoder.decode(s, StandardCharsets.UTF_8);
  }

  public Optional<String> get(String key) {
    return Optional.ofNullable(values.get(key));
  }

  String action() {
    return get("Action").orElse("");
  }

  boolean flag(String key) {
    return get(key).map(Boolean::parseBoolean).orElse(false);
  }

  int integer(String key, int fallback) {
    return get(key).map(Integer::parseInt).orElse(fallback);
  }

  /**
   * A timestamp parameter, {@code absent} when not given; not one is {@code InvalidParameterValue}.
   */
  Instant time(String key, Instant absent) {
    try {
      return get(key).map(Instant::parse).orElse(absent);
    } catch (DateTimeParseException e) {
      throw Ec2Xml.Ec2Error.invalid("InvalidParameterValue", key + " is not a timestamp");
    }
  }

  /** Values of {@code prefix.1}, {@code prefix.2}, ... up to the first gap. */
  List<String> list(String prefix) {
    List<String> out = new ArrayList<>();
    for (int i = 1; values.containsKey(prefix + "." + i); i++) {
      out.add(values.get(prefix + "." + i));
    }
    return out;
  }

  /** Member prefixes {@code prefix.1.}, {@code prefix.2.}, ... that have at least one field. */
  List<String> members(String prefix) {
    List<String> out = new ArrayList<>();
    for (int i = 1; hasPrefix(prefix + "." + i + "."); i++) {
      out.add(prefix + "." + i + ".");
    }
    return out;
  }

  /** {@code Prefix.N.Key}/{@code Prefix.N.Value} pairs as a map (tags). */
  public Map<String, String> tags(String prefix) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String m : members(prefix)) {
      out.put(values.get(m + "Key"), values.getOrDefault(m + "Value", ""));
    }
    return out;
  }

  private boolean hasPrefix(String prefix) {
    return values.keySet().stream().anyMatch(k -> k.startsWith(prefix));
  }
}
