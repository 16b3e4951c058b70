package dev.stratus.tests.vault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A small stateful Vault behind WireMock, with the HTTP shapes of Vault's API docs: AppRole ({@code
 * auth/approle/role/<r>/secret-id} with the request's {@code num_uses} and {@code ttl} (rules in
 * {@link AppRoleModel}), optionally response-wrapped by {@code X-Vault-Wrap-TTL}; {@code
 * auth/approle/login}), {@code sys/wrapping/wrap} (only as a response-wrapping request, else 400
 * "endpoint requires response wrapping to be used") and {@code sys/wrapping/unwrap} (a wrapping
 * token unwraps once, within its TTL, else 400 "wrapping token is not valid or does not exist":
 * {@link WrappingModel}), KV v2 reads with a per-token policy (403 "permission denied"), {@code
 * auth/token/revoke-self} (204), {@code auth/token/revoke-accessor} (204; 400 "invalid accessor"
 * for one not known or already spent), {@code auth/approle/role/<r>/secret-id-accessor/destroy}
 * (204), {@code auth/aws/login} (checks the signed-STS request's shape) and a sealed mode (503
 * "Vault is sealed" everywhere). Time comes from {@link #advance}, so TTL tests never sleep. {@link
 * #interceptNextWrappingTokens} plays an attacker who read a node's user-data and unwrapped its
 * token first.
 */
public final class VaultModel implements ResponseDefinitionTransformerV2 {
  public static final String ROOT_TOKEN = "hvs.root-token-of-the-model";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern SECRET_ID =
      Pattern.compile("/v1/auth/approle/role/([^/]+)/secret-id");
  private static final Pattern KV_READ = Pattern.compile("/v1/([^/]+)/data/(.+)");
  private static final Pattern CLOUD_LOGIN = Pattern.compile("/v1/auth/(aws|gcp|azure)/login");
  private static final Pattern DESTROY =
      Pattern.compile("/v1/auth/approle/role/([^/]+)/secret-id-accessor/destroy");

  private record Token(Set<String> readablePaths) {}

  private final SecureRandom random = new SecureRandom();
  private final AppRoleModel appRole = new AppRoleModel();
  private final WrappingModel wrapping = new WrappingModel(this::hex);
  private final Map<String, Token> tokens = new HashMap<>();
  private final Map<String, Map<String, String>> kv = new HashMap<>();

  /** "mount:role" of a cloud auth method's role -> the one KV data path its tokens may read. */
  private final Map<String, String> cloudRoles = new HashMap<>();

  /** What the cloud logins must prove; tests tell it which keys and credentials to trust. */
  final CloudLoginChecks cloud = new CloudLoginChecks();

  private final List<String> calls = Collections.synchronizedList(new ArrayList<>());
  private final List<String> revoked = Collections.synchronizedList(new ArrayList<>());
  private final List<String> issued = Collections.synchronizedList(new ArrayList<>());
  private final List<JsonNode> secretIdRequests = Collections.synchronizedList(new ArrayList<>());
  private Instant now = Instant.parse("2026-11-21T12:00:00Z");
  private boolean sealed;
  private int secretIdQuota = Integer.MAX_VALUE;

  @Override
  public String getName() {
    return "vault-model";
  }

  /** A role as the README sets it up: {@code secret_id_num_uses=1}, {@code secret_id_ttl=10m}. */
  public synchronized void role(String name, String roleId, Set<String> readablePaths) {
    role(name, roleId, readablePaths, 1, Duration.ofMinutes(10));
  }

  /** A role whose secret-ids allow {@code numUses} logins (0: any) for {@code ttl} (0: ever). */
  public synchronized void role(
      String name, String roleId, Set<String> readablePaths, int numUses, Duration ttl) {
    appRole.role(name, new AppRoleModel.Role(roleId, Set.copyOf(readablePaths), numUses, ttl));
  }

  synchronized void awsRole(String name, String policyPath) {
    cloudRole("aws", name, policyPath);
  }

  /** A role of the cloud auth method at {@code mount} (aws, gcp or azure). */
  synchronized void cloudRole(String mount, String name, String policyPath) {
    cloudRoles.put(mount + ":" + name, policyPath);
  }

  Instant now() {
    return now;
  }

  /** Stores a KV v2 secret at {@code <mount>/data/<path>}. */
  public synchronized void put(String dataPath, Map<String, String> data) {
    kv.put(dataPath, Map.copyOf(data));
  }

  synchronized void seal(boolean sealed) {
    this.sealed = sealed;
  }

  /** The next {@code n} wrapping tokens are unwrapped by someone else as soon as they exist. */
  public synchronized void interceptNextWrappingTokens(int n) {
    wrapping.interceptNext(n);
  }

  /** After {@code allowed} more secret-id requests, answer 429 like a Vault rate-limit quota. */
  synchronized void rateLimitSecretIds(int allowed) {
    secretIdQuota = allowed;
  }

  /** Wrapping tokens issued and neither unwrapped, revoked nor expired. */
  public synchronized int liveWrappingTokens() {
    return wrapping.live(now);
  }

  /** Secret-ids issued and neither used up nor destroyed. */
  public synchronized int liveSecretIds() {
    return appRole.liveSecretIds();
  }

  /** The {@code metadata} strings secret-ids were created with. */
  List<String> secretIdMetadata() {
    return secretIdRequests().stream().map(r -> r.path("metadata").asText("")).toList();
  }

  /** The bodies of the secret-id requests that created one, in order. */
  List<JsonNode> secretIdRequests() {
    return List.copyOf(secretIdRequests);
  }

  synchronized void advance(Duration d) {
    now = now.plus(d);
  }

  /** "METHOD path" of every request, in order. */
  public List<String> calls() {
    return List.copyOf(calls);
  }

  /** Client tokens revoked through revoke-self. */
  List<String> revoked() {
    return List.copyOf(revoked);
  }

  /** Every credential the model handed out: wrapping tokens, secret-ids, client tokens. */
  public List<String> issuedCredentials() {
    return List.copyOf(issued);
  }

  /** Client tokens issued and not revoked. */
  public synchronized int liveTokens() {
    return tokens.size();
  }

  @Override
  public synchronized ResponseDefinition transform(ServeEvent event) {
    Request req = event.getRequest();
    String path = req.getUrl().split("\\?")[0];
    String method = req.getMethod().getName();
    calls.add(method + " " + path);
    if (sealed) {
      return error(503, "Vault is sealed");
    }
    try {
      Matcher m;
      if (method.equals("POST") && (m = SECRET_ID.matcher(path)).matches()) {
        return secretId(req, m.group(1));
      }
      if (method.equals("POST") && path.equals("/v1/sys/wrapping/unwrap")) {
        return unwrap(req);
      }
      if (method.equals("POST") && path.equals("/v1/sys/wrapping/wrap")) {
        return wrap(req);
      }
      if (method.equals("POST") && path.equals("/v1/auth/approle/login")) {
        return appRoleLogin(req);
      }
      if (method.equals("POST") && (m = CLOUD_LOGIN.matcher(path)).matches()) {
        return cloudLogin(m.group(1), JSON.readTree(req.getBodyAsString()));
      }
      if (method.equals("POST") && path.equals("/v1/auth/token/revoke-self")) {
        Token t = tokens.remove(req.getHeader("X-Vault-Token"));
        if (t == null) {
          return error(403, "permission denied");
        }
        revoked.add(req.getHeader("X-Vault-Token"));
        return new ResponseDefinitionBuilder().withStatus(204).build();
      }
      if (method.equals("POST") && path.equals("/v1/auth/token/revoke-accessor")) {
        return revokeAccessor(req);
      }
      if (method.equals("POST") && (m = DESTROY.matcher(path)).matches()) {
        return destroySecretId(req);
      }
      if (method.equals("GET") && (m = KV_READ.matcher(path)).matches()) {
        return kvRead(req, path.substring("/v1/".length()));
      }
      return error(404, "unsupported path in the Vault model: " + method + " " + path);
    } catch (java.io.IOException e) {
      return error(400, "failed to parse JSON input: " + e.getMessage());
    }
  }

  private ResponseDefinition secretId(Request req, String role) throws java.io.IOException {
    if (!ROOT_TOKEN.equals(req.getHeader("X-Vault-Token"))) {
      return error(403, "permission denied");
    }
    if (!appRole.exists(role)) {
      return error(400, "role \"" + role + "\" does not exist");
    }
    if (secretIdQuota-- <= 0) {
      return error(
          429,
          "request path \"auth/approle/role/" + role + "/secret-id\": rate limit quota exceeded");
    }
    String body = req.getBodyAsString();
    JsonNode request =
        body == null || body.isBlank() ? JSON.createObjectNode() : JSON.readTree(body);
    AppRoleModel.Created created = appRole.create(role, request, now);
    if (created.data() == null) {
      return error(created.status(), created.error());
    }
    ObjectNode data = created.data();
    issued.add(data.get("secret_id").asText());
    secretIdRequests.add(request);
    String wrapTtl =
        req.containsHeader("X-Vault-Wrap-TTL") ? req.getHeader("X-Vault-Wrap-TTL") : null;
    if (wrapTtl == null) {
      return ok(envelope().set("data", data));
    }
    ObjectNode info =
        wrapping.wrap(
            data,
            wrapTtl,
            "auth/approle/role/" + role + "/secret-id",
            data.get("secret_id_accessor").asText(),
            now);
    issued.add(info.get("token").asText());
    return ok(envelope().set("wrap_info", info));
  }

  /** {@code sys/wrapping/wrap}: the request's JSON object, wrapped; the controller's token only. */
  private ResponseDefinition wrap(Request req) throws java.io.IOException {
    if (!ROOT_TOKEN.equals(req.getHeader("X-Vault-Token"))) {
      return error(403, "permission denied");
    }
    if (!req.containsHeader("X-Vault-Wrap-TTL")) {
      return error(400, "endpoint requires response wrapping to be used");
    }
    JsonNode data = JSON.readTree(req.getBodyAsString());
    if (data == null || !data.isObject()) {
      return error(400, "failed to parse JSON input: expected an object");
    }
    ObjectNode info =
        wrapping.wrap(data, req.getHeader("X-Vault-Wrap-TTL"), "sys/wrapping/wrap", "", now);
    issued.add(info.get("token").asText());
    return ok(envelope().set("wrap_info", info));
  }

  /** Single use: the token is gone after the first attempt, whatever its outcome. */
  private ResponseDefinition unwrap(Request req) throws java.io.IOException {
    String token = req.getHeader("X-Vault-Token");
    if (req.getBodyAsString() != null && !req.getBodyAsString().isBlank()) {
      JsonNode body = JSON.readTree(req.getBodyAsString());
      if (body.hasNonNull("token")) {
        token = body.get("token").asText();
      }
    }
    JsonNode data = wrapping.unwrap(token, now);
    if (data == null) {
      return error(400, WrappingModel.INVALID);
    }
    return ok(envelope().set("data", data));
  }

  private ResponseDefinition revokeAccessor(Request req) throws java.io.IOException {
    if (!ROOT_TOKEN.equals(req.getHeader("X-Vault-Token"))) {
      return error(403, "permission denied");
    }
    String accessor = JSON.readTree(req.getBodyAsString()).path("accessor").asText("");
    if (!wrapping.revoke(accessor)) {
      return error(400, "invalid accessor");
    }
    revoked.add("accessor:" + accessor);
    return new ResponseDefinitionBuilder().withStatus(204).build();
  }

  private ResponseDefinition destroySecretId(Request req) throws java.io.IOException {
    if (!ROOT_TOKEN.equals(req.getHeader("X-Vault-Token"))) {
      return error(403, "permission denied");
    }
    appRole.destroy(JSON.readTree(req.getBodyAsString()).path("secret_id_accessor").asText(""));
    return new ResponseDefinitionBuilder().withStatus(204).build();
  }

  private ResponseDefinition appRoleLogin(Request req) throws java.io.IOException {
    AppRoleModel.Login login = appRole.login(JSON.readTree(req.getBodyAsString()), now);
    if (login == null) {
      return error(400, "invalid role or secret ID");
    }
    return issue(login.readablePaths(), login.role());
  }

  private ResponseDefinition cloudLogin(String mount, JsonNode b) throws java.io.IOException {
    String role = b.path("role").asText("");
    String policy = cloudRoles.get(mount + ":" + role);
    if (policy == null) {
      return error(400, "entry for role " + role + " not found");
    }
    String refused =
        switch (mount) {
          case "aws" -> cloud.aws(b, now);
          case "gcp" -> cloud.gcp(b, now);
          default -> cloud.azure(b, now);
        };
    return refused == null ? issue(Set.of(policy), role) : error(400, refused);
  }

  private ResponseDefinition kvRead(Request req, String dataPath) {
    Token t = tokens.get(req.getHeader("X-Vault-Token"));
    if (t == null || !t.readablePaths().contains(dataPath)) {
      return error(403, "permission denied");
    }
    Map<String, String> secret = kv.get(dataPath);
    if (secret == null) {
      return new ResponseDefinitionBuilder()
          .withStatus(404)
          .withHeader("Content-Type", "application/json")
          .withBody("{\"errors\":[]}")
          .build();
    }
    ObjectNode data = JSON.createObjectNode();
    data.set("data", JSON.valueToTree(secret));
    ObjectNode meta = data.putObject("metadata");
    meta.put("created_time", now.toString());
    meta.putNull("custom_metadata");
    meta.put("deletion_time", "");
    meta.put("destroyed", false);
    meta.put("version", 1);
    return ok(envelope().set("data", data));
  }

  private ResponseDefinition issue(Set<String> readable, String role) {
    String token = "hvs.client." + hex(16);
    tokens.put(token, new Token(readable));
    issued.add(token);
    ObjectNode auth = JSON.createObjectNode();
    auth.put("client_token", token);
    auth.put("accessor", hex(12));
    auth.putArray("policies").add("default").add("munge-read");
    auth.putArray("token_policies").add("default").add("munge-read");
    auth.putObject("metadata").put("role_name", role);
    auth.put("lease_duration", 300);
    auth.put("renewable", true);
    auth.put("entity_id", uuid());
    auth.put("token_type", "service");
    auth.put("orphan", true);
    return ok(envelope().set("auth", auth));
  }

  private ObjectNode envelope() {
    ObjectNode o = JSON.createObjectNode();
    o.put("request_id", uuid());
    o.put("lease_id", "");
    o.put("renewable", false);
    o.put("lease_duration", 0);
    o.putNull("data");
    o.putNull("wrap_info");
    o.putNull("warnings");
    o.putNull("auth");
    return o;
  }

  private static ResponseDefinition ok(JsonNode body) {
    return new ResponseDefinitionBuilder()
        .withStatus(200)
        .withHeader("Content-Type", "application/json")
        .withBody(body.toString())
        .build();
  }

  static ResponseDefinition error(int status, String message) {
    ObjectNode o = JSON.createObjectNode();
    o.putArray("errors").add(message);
    return new ResponseDefinitionBuilder()
        .withStatus(status)
        .withHeader("Content-Type", "application/json")
        .withBody(o.toString())
        .build();
  }

  private String uuid() {
    return java.util.UUID.randomUUID().toString();
  }

  private String hex(int bytes) {
    byte[] b = new byte[bytes];
    random.nextBytes(b);
    return HexFormat.of().formatHex(b);
  }
}
