package dev.stratus.tests.vault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The response-wrapping half of {@link VaultModel} (API docs, "Response wrapping", {@code
 * sys/wrapping/*}): a wrapped response lives in a single-use token until its TTL; unwrapping it
 * once removes it, whatever the outcome; an unknown, spent or expired token answers 400 "wrapping
 * token is not valid or does not exist"; {@code auth/token/revoke-accessor} spends one by its
 * accessor. The wrap TTL comes from {@code X-Vault-Wrap-TTL} as seconds ({@code 300}) or with a
 * unit ({@code 300s}, {@code 5m}). Not thread-safe: the model serialises access.
 */
final class WrappingModel {
  static final String INVALID = "wrapping token is not valid or does not exist";
  private static final ObjectMapper JSON = new ObjectMapper();

  private record Wrapped(JsonNode data, Instant expires, String accessor) {}

  private final Map<String, Wrapped> tokens = new HashMap<>();
  private final IntFunction<String> hex;
  private int intercept;

  /** {@code hex}: random hex of that many bytes. */
  WrappingModel(IntFunction<String> hex) {
    this.hex = hex;
  }

  /** The next {@code n} tokens are unwrapped by someone else as soon as they exist. */
  void interceptNext(int n) {
    intercept = n;
  }

  /**
   * Wraps {@code data} for {@code ttl} ({@code X-Vault-Wrap-TTL}'s value); the {@code wrap_info}
   * Vault answers with ({@code wrappedAccessor} for a wrapped secret-id, else empty).
   */
  ObjectNode wrap(
      JsonNode data, String ttl, String creationPath, String wrappedAccessor, Instant now) {
    long seconds = seconds(ttl);
    String token = "hvs.wrap." + hex.apply(16);
    String accessor = hex.apply(12);
    if (intercept > 0) {
      intercept--; // unwrapped by someone else at once: the node will find it spent
    } else {
      tokens.put(token, new Wrapped(data, now.plusSeconds(seconds), accessor));
    }
    ObjectNode info = JSON.createObjectNode();
    info.put("token", token);
    info.put("accessor", accessor);
    info.put("ttl", seconds);
    info.put("creation_time", now.toString());
    info.put("creation_path", creationPath);
    if (!wrappedAccessor.isEmpty()) {
      info.put("wrapped_accessor", wrappedAccessor);
    }
    return info;
  }

  /** The wrapped data, or null: the token was unknown, spent or expired (and is gone now). */
  JsonNode unwrap(String token, Instant now) {
    Wrapped w = token == null ? null : tokens.remove(token);
    return w == null || !now.isBefore(w.expires()) ? null : w.data();
  }

  /** True when a live token had this accessor (it is spent now). */
  boolean revoke(String accessor) {
    return tokens.values().removeIf(w -> w.accessor().equals(accessor));
  }

  int live(Instant now) {
    return (int) tokens.values().stream().filter(w -> now.isBefore(w.expires())).count();
  }

  static long seconds(String ttl) {
    String t = ttl.strip();
    char unit = t.charAt(t.length() - 1);
    if (Character.isDigit(unit)) {
      return Long.parseLong(t);
    }
    long n = Long.parseLong(t.substring(0, t.length() - 1));
    return switch (unit) {
      case 'm' -> n * 60;
      case 'h' -> n * 3600;
      default -> n;
    };
  }
}
