package dev.stratus.tests.vault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
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

  /** {@code sys/wrapping/wrap}: the request's JSON object, wrapped; the controller's token only. */
  ResponseDefinition wrapRoute(Request req, Instant now, Consumer<String> issued)
      throws IOException {
    if (!VaultModel.ROOT_TOKEN.equals(req.getHeader("X-Vault-Token"))) {
      return VaultReplies.error(403, "permission denied");
    }
    if (!req.containsHeader("X-Vault-Wrap-TTL")) {
      return VaultReplies.error(400, "endpoint requires response wrapping to be used");
    }
    JsonNode data = JSON.readTree(req.getBodyAsString());
    if (data == null || !data.isObject()) {
      return VaultReplies.error(400, "failed to parse JSON input: expected an object");
    }
    ObjectNode info = wrap(data, req.getHeader("X-Vault-Wrap-TTL"), "sys/wrapping/wrap", "", now);
    issued.accept(info.get("token").asText());
    return VaultReplies.ok(VaultReplies.envelope().set("wrap_info", info));
  }

  /**
   * {@code sys/wrapping/unwrap} with the token as {@code X-Vault-Token} or in the body. Single use:
   * the token is gone after the first attempt, whatever its outcome.
   */
  ResponseDefinition unwrapRoute(Request req, Instant now) throws IOException {
    String token = req.getHeader("X-Vault-Token");
    if (req.getBodyAsString() != null && !req.getBodyAsString().isBlank()) {
      JsonNode body = JSON.readTree(req.getBodyAsString());
      if (body.hasNonNull("token")) {
        token = body.get("token").asText();
      }
    }
    JsonNode data = unwrap(token, now);
    if (data == null) {
      return VaultReplies.error(400, INVALID);
    }
    return VaultReplies.ok(VaultReplies.envelope().set("data", data));
  }

  /** {@code auth/token/revoke-accessor}: 400 "invalid accessor" for one not live. */
  ResponseDefinition revokeRoute(Request req, Consumer<String> revoked) throws IOException {
    if (!VaultModel.ROOT_TOKEN.equals(req.getHeader("X-Vault-Token"))) {
      return VaultReplies.error(403, "permission denied");
    }
    String accessor = JSON.readTree(req.getBodyAsString()).path("accessor").asText("");
    if (!revoke(accessor)) {
      return VaultReplies.error(400, "invalid accessor");
    }
    revoked.accept("accessor:" + accessor);
    return VaultReplies.noContent();
  }
}
