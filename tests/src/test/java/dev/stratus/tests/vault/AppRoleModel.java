package dev.stratus.tests.vault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The AppRole half of {@link VaultModel}: roles and their secret-ids, with Vault's rules for a
 * secret-id's uses and lifetime (API docs, "Generate new secret ID"): the request's {@code
 * num_uses} and {@code ttl} override the role's {@code secret_id_num_uses} and {@code
 * secret_id_ttl}, but may not be higher or longer than the role's (0 on the role: unlimited). A
 * login with a used-up or expired secret-id answers 400 "invalid secret id". Not thread-safe: the
 * model serialises access.
 */
final class AppRoleModel {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** {@code secretIdNumUses} 0: unlimited; {@code secretIdTtl} zero: never expires. */
  record Role(
      String roleId, Set<String> readablePaths, int secretIdNumUses, Duration secretIdTtl) {}

  /** {@code expires} null: never; {@code usesLeft} 0: unlimited. */
  private record SecretId(String role, Instant expires, int[] usesLeft, String accessor) {}

  /** A login that succeeded: the role's name and what its token may read. */
  record Login(String role, Set<String> readablePaths) {}

  /** A secret-id just created, or why not (an HTTP status and Vault's message). */
  record Created(ObjectNode data, int status, String error) {}

  private final Map<String, Role> roles = new HashMap<>();
  private final Map<String, SecretId> secretIds = new HashMap<>();
  private final List<JsonNode> requests = new ArrayList<>();
  private int quota = Integer.MAX_VALUE;

  /** After {@code allowed} more secret-id requests, answer 429 like a Vault rate-limit quota. */
  void rateLimit(int allowed) {
    quota = allowed;
  }

  /** The bodies of the secret-id requests that created one, in order. */
  List<JsonNode> requests() {
    return List.copyOf(requests);
  }

  /**
   * {@code POST auth/approle/role/<role>/secret-id} with the controller's token, response-wrapped
   * when it asks ({@code X-Vault-Wrap-TTL}); {@code issued} hears every secret-id and token made.
   */
  ResponseDefinition secretIdRoute(
      Request req, String role, Instant now, WrappingModel wrapping, Consumer<String> issued)
      throws IOException {
    if (!VaultModel.ROOT_TOKEN.equals(req.getHeader("X-Vault-Token"))) {
      return VaultReplies.error(403, "permission denied");
    }
    if (!exists(role)) {
      return VaultReplies.error(400, "role \"" + role + "\" does not exist");
    }
    if (quota-- <= 0) {
      return VaultReplies.error(
          429,
          "request path \"auth/approle/role/" + role + "/secret-id\": rate limit quota exceeded");
    }
    String body = req.getBodyAsString();
    JsonNode request =
        body == null || body.isBlank() ? JSON.createObjectNode() : JSON.readTree(body);
    Created created = create(role, request, now);
    if (created.data() == null) {
      return VaultReplies.error(created.status(), created.error());
    }
    ObjectNode data = created.data();
    issued.accept(data.get("secret_id").asText());
    requests.add(request);
    if (!req.containsHeader("X-Vault-Wrap-TTL")) {
      return VaultReplies.ok(VaultReplies.envelope().set("data", data));
    }
    ObjectNode info =
        wrapping.wrap(
            data,
            req.getHeader("X-Vault-Wrap-TTL"),
            "auth/approle/role/" + role + "/secret-id",
            data.get("secret_id_accessor").asText(),
            now);
    issued.accept(info.get("token").asText());
    return VaultReplies.ok(VaultReplies.envelope().set("wrap_info", info));
  }

  void role(String name, Role role) {
    roles.put(name, role);
  }

  boolean exists(String role) {
    return roles.containsKey(role);
  }

  int liveSecretIds() {
    return secretIds.size();
  }

  /** {@code POST auth/approle/role/<role>/secret-id}, body already parsed ({@code {}} if none). */
  Created create(String roleName, JsonNode body, Instant now) {
    Role role = roles.get(roleName);
    int numUses = body.path("num_uses").asInt(role.secretIdNumUses());
    if (role.secretIdNumUses() > 0 && (numUses == 0 || numUses > role.secretIdNumUses())) {
      return new Created(null, 400, "num_uses cannot be higher than the role's secret_id_num_uses");
    }
    Duration ttl =
        body.has("ttl") ? Duration.ofSeconds(seconds(body.get("ttl"))) : role.secretIdTtl();
    if (!role.secretIdTtl().isZero() && (ttl.isZero() || ttl.compareTo(role.secretIdTtl()) > 0)) {
      return new Created(null, 400, "ttl cannot be longer than the role's secret_id_ttl");
    }
    String id = UUID.randomUUID().toString();
    String accessor = UUID.randomUUID().toString();
    secretIds.put(
        id,
        new SecretId(roleName, ttl.isZero() ? null : now.plus(ttl), new int[] {numUses}, accessor));
    ObjectNode data = JSON.createObjectNode();
    data.put("secret_id", id);
    data.put("secret_id_accessor", accessor);
    data.put("secret_id_ttl", ttl.toSeconds());
    data.put("secret_id_num_uses", numUses);
    return new Created(data, 200, null);
  }

  /** {@code POST auth/approle/login}: the login, or null (400 for the caller). */
  Login login(JsonNode body, Instant now) {
    String secret = body.path("secret_id").asText("");
    SecretId sid = secretIds.get(secret);
    Role role = sid == null ? null : roles.get(sid.role());
    if (role == null || !role.roleId().equals(body.path("role_id").asText(""))) {
      return null;
    }
    if (sid.expires() != null && !now.isBefore(sid.expires())) {
      secretIds.remove(secret);
      return null;
    }
    if (sid.usesLeft()[0] > 0 && --sid.usesLeft()[0] == 0) {
      secretIds.remove(secret);
    }
    return new Login(sid.role(), role.readablePaths());
  }

  /** The {@code secret-id-accessor/destroy} request, with the controller's token. */
  ResponseDefinition destroyRoute(Request req) throws IOException {
    if (!VaultModel.ROOT_TOKEN.equals(req.getHeader("X-Vault-Token"))) {
      return VaultReplies.error(403, "permission denied");
    }
    destroy(JSON.readTree(req.getBodyAsString()).path("secret_id_accessor").asText(""));
    return VaultReplies.noContent();
  }

  /** {@code secret-id-accessor/destroy}: Vault answers 204 also for one already used up. */
  void destroy(String accessor) {
    secretIds.values().removeIf(s -> s.accessor().equals(accessor));
  }

  /** Vault takes a duration as seconds ({@code 300}) or with a unit ({@code 300s}, {@code 5m}). */
  private static long seconds(JsonNode v) {
    if (v.canConvertToLong()) {
      return v.asLong();
    }
    String s = v.asText().strip();
    char unit = s.charAt(s.length() - 1);
    long n =
        Character.isDigit(unit)
            ? Long.parseLong(s)
            : Long.parseLong(s.substring(0, s.length() - 1));
    return switch (unit) {
      case 'm' -> n * 60;
      case 'h' -> n * 3600;
      default -> n;
    };
  }
}
