package dev.stratus.tests.vault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.io.IOException;
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
import java.util.UUID;
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
  private static final List<PolicyModel.Rule> ROOT =
      List.of(
          new PolicyModel.Rule(
              "*", Set.of("create", "read", "update", "patch", "delete", "list", "sudo")));
  private static final Pattern CLOUD_LOGIN = Pattern.compile("/v1/auth/(aws|gcp|azure)/login");
  private static final Pattern OCI_LOGIN = Pattern.compile("/v1/auth/oci/login/([a-z0-9_.-]+)");
  private static final Pattern DESTROY =
      Pattern.compile("/v1/auth/approle/role/([^/]+)/secret-id-accessor/destroy");

  /** A client token: its policies' rules and the entity alias its login made (null: none). */
  private record Token(List<PolicyModel.Rule> rules, String alias) {}

  private final SecureRandom random = new SecureRandom();
  private final AppRoleModel appRole = new AppRoleModel();
  private final WrappingModel wrapping = new WrappingModel(this::hex);
  private final Map<String, Token> tokens = new HashMap<>();
  private final KvModel kv = new KvModel();

  /** The entity aliases the cloud logins make, and how each mount names and fills them. */
  final IdentityModel identity = new IdentityModel();

  /** What the cloud logins must prove; tests tell it which keys and credentials to trust. */
  final CloudLoginChecks cloud = new CloudLoginChecks();

  private final List<String> calls = Collections.synchronizedList(new ArrayList<>());
  private final List<String> revoked = Collections.synchronizedList(new ArrayList<>());
  private final List<String> issued = Collections.synchronizedList(new ArrayList<>());
  private Instant now = Instant.parse("2026-11-21T12:00:00Z");
  private boolean sealed;

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

  /** A role of the cloud auth method at {@code mount} (aws, gcp or azure) reading one path. */
  synchronized void cloudRole(String mount, String name, String policyPath) {
    cloudRole(mount, name, List.of(new PolicyModel.Rule(policyPath, Set.of("read"))));
  }

  /** A role of the cloud auth method at {@code mount} whose tokens' policies hold {@code rules}. */
  synchronized void cloudRole(String mount, String name, List<PolicyModel.Rule> rules) {
    cloud.role(mount, name, rules);
  }

  Instant now() {
    return now;
  }

  /** Stores a KV v2 secret at {@code <mount>/data/<path>}. */
  public synchronized void put(String dataPath, Map<String, String> data) {
    kv.put(dataPath, data);
  }

  /** The KV v2 secret at {@code <mount>/data/<path>}, or null. */
  public synchronized Map<String, String> secret(String dataPath) {
    return kv.get(dataPath);
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
    appRole.rateLimit(allowed);
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
  synchronized List<JsonNode> secretIdRequests() {
    return appRole.requests();
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
        return appRole.secretIdRoute(req, m.group(1), now, wrapping, issued::add);
      }
      if (method.equals("POST") && path.equals("/v1/sys/wrapping/unwrap")) {
        return wrapping.unwrapRoute(req, now);
      }
      if (method.equals("POST") && path.equals("/v1/sys/wrapping/wrap")) {
        return wrapping.wrapRoute(req, now, issued::add);
      }
      if (method.equals("POST") && path.equals("/v1/auth/approle/login")) {
        return appRoleLogin(req);
      }
      if (method.equals("POST") && (m = CLOUD_LOGIN.matcher(path)).matches()) {
        return cloudLogin(m.group(1), JSON.readTree(req.getBodyAsString()));
      }
      if (method.equals("POST") && (m = OCI_LOGIN.matcher(path)).matches()) {
        String role = m.group(1);
        List<PolicyModel.Rule> rules = cloud.rules("oci", role);
        if (rules == null) {
          return error(400, "Role is not found");
        }
        String refused = cloud.oci(role, JSON.readTree(req.getBodyAsString()));
        return refused == null ? issue(rules, null, role) : error(401, refused);
      }
      if (method.equals("POST") && path.equals("/v1/auth/token/revoke-self")) {
        Token t = tokens.remove(req.getHeader("X-Vault-Token"));
        if (t == null) {
          return error(403, "permission denied");
        }
        revoked.add(req.getHeader("X-Vault-Token"));
        return VaultReplies.noContent();
      }
      if (method.equals("POST") && path.equals("/v1/auth/token/revoke-accessor")) {
        return wrapping.revokeRoute(req, revoked::add);
      }
      if (method.equals("POST") && (m = DESTROY.matcher(path)).matches()) {
        return appRole.destroyRoute(req);
      }
      String body = req.getBodyAsString();
      ResponseDefinition kvAnswer =
          kv.route(
              method,
              path.substring("/v1/".length()),
              access(req),
              body == null || body.isBlank() ? null : JSON.readTree(body),
              now);
      return kvAnswer != null
          ? kvAnswer
          : error(404, "unsupported path in the Vault model: " + method + " " + path);
    } catch (IOException e) {
      return error(400, "failed to parse JSON input: " + e.getMessage());
    }
  }

  private ResponseDefinition appRoleLogin(Request req) throws IOException {
    AppRoleModel.Login login = appRole.login(JSON.readTree(req.getBodyAsString()), now);
    if (login == null) {
      return error(400, "invalid role or secret ID");
    }
    return issue(
        login.readablePaths().stream().map(p -> new PolicyModel.Rule(p, Set.of("read"))).toList(),
        null,
        login.role());
  }

  private ResponseDefinition cloudLogin(String mount, JsonNode b) throws IOException {
    CloudLoginChecks.Outcome o = cloud.login(mount, b, now, identity);
    return o.error() != null
        ? error(400, o.error())
        : issue(o.rules(), o.alias(), b.path("role").asText());
  }

  /** What the request's token may do now (its alias read as it is at this moment). */
  private KvModel.Access access(Request req) {
    String header = req.getHeader("X-Vault-Token");
    Token t = ROOT_TOKEN.equals(header) ? new Token(ROOT, null) : tokens.get(header);
    if (t == null) {
      return (path, capability) -> false;
    }
    return (path, capability) ->
        PolicyModel.allows(t.rules(), identity.alias(t.alias()), path, capability);
  }

  private ResponseDefinition issue(List<PolicyModel.Rule> rules, String alias, String role) {
    String token = "hvs.client." + hex(16);
    tokens.put(token, new Token(rules, alias));
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

  private static String uuid() {
    return UUID.randomUUID().toString();
  }

  private static ObjectNode envelope() {
    return VaultReplies.envelope();
  }

  private static ResponseDefinition ok(JsonNode body) {
    return VaultReplies.ok(body);
  }

  static ResponseDefinition error(int status, String message) {
    return VaultReplies.error(status, message);
  }

  private String hex(int bytes) {
    byte[] b = new byte[bytes];
    random.nextBytes(b);
    return HexFormat.of().formatHex(b);
  }
}
