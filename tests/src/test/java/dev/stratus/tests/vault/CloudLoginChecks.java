package dev.stratus.tests.vault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.testkit.metadata.TokenSigner;
import dev.stratus.testkit.oci.OciSignatures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * What Vault's cloud auth methods check in a login body ({@code auth/aws/login}, {@code
 * auth/gcp/login}, {@code auth/azure/login}, Vault's API docs), as far as a model can: each method
 * answers {@code null} for a good login, else the error text Vault would give. AWS: the request is
 * {@code POST https://sts.amazonaws.com/} {@code GetCallerIdentity}, and when STS is told the
 * instance's credentials ({@link #trustAws}) its SigV4 signature is what STS would compute ({@link
 * SigV4Check}). GCP: an RS256 JWT from Google's key whose {@code aud} ends in {@code vault/<role>},
 * unexpired, with {@code google.compute_engine} claims (gce roles). Azure: a JWT from Entra's key
 * for the configured resource whose {@code xms_mirid} is the VM named by subscription_id,
 * resource_group_name and vm_name. Each role's tokens get its ACL rules ({@link #role}); a good
 * login also names its caller ({@link Caller}) for the entity alias ({@link IdentityModel}).
 */
final class CloudLoginChecks {
  private static final ObjectMapper JSON = new ObjectMapper();
  static final String ACCOUNT = "123456789012";

  /** Who logged in: the instance (Azure: its identity's object id) and what Vault knows of it. */
  record Caller(String id, Map<String, String> metadata) {}

  /** A login's outcome: the role's rules and the alias it made, or the error Vault answers. */
  record Outcome(List<PolicyModel.Rule> rules, String alias, String error) {}

  /** "mount:role" of a cloud auth method's role -> the ACL rules of its tokens' policies. */
  private final Map<String, List<PolicyModel.Rule>> roles = new HashMap<>();

  private SigV4Check sts;
  private String awsInstance = "i-0a1b2c3d4e5f60718";
  private PublicKey google;
  private PublicKey entra;
  private String azureResource = "https://management.azure.com/";
  private Function<String, PublicKey> ociSessions = token -> null;

  /** STS knows the instance's credentials, and the mount's server-id header value. */
  synchronized void trustAws(SigV4Check sts) {
    this.sts = sts;
  }

  /**
   * The instance whose profile signs the next AWS logins: STS names the caller {@code
   * assumed-role/<role>/<instance id>}, and Vault infers the instance from that session name.
   */
  synchronized void awsCallerIs(String instanceId) {
    this.awsInstance = instanceId;
  }

  synchronized void role(String mount, String name, List<PolicyModel.Rule> rules) {
    roles.put(mount + ":" + name, List.copyOf(rules));
  }

  /** {@code POST auth/<mount>/login}: checked, then its caller's alias made in {@code identity}. */
  /** The ACL rules of a role's tokens, or null when the role does not exist. */
  synchronized List<PolicyModel.Rule> rules(String mount, String name) {
    return roles.get(mount + ":" + name);
  }

  synchronized Outcome login(String mount, JsonNode b, Instant now, IdentityModel identity)
      throws IOException {
    String role = b.path("role").asText("");
    List<PolicyModel.Rule> rules = roles.get(mount + ":" + role);
    if (rules == null) {
      return new Outcome(null, null, "entry for role " + role + " not found");
    }
    String refused =
        switch (mount) {
          case "aws" -> aws(b, now);
          case "gcp" -> gcp(b, now);
          default -> azure(b, now);
        };
    if (refused != null) {
      return new Outcome(null, null, refused);
    }
    Caller caller = caller(mount, b);
    return new Outcome(
        rules, identity.login(mount, "role-id-of-" + role, caller.id(), caller.metadata()), null);
  }

  /** The caller of a login that passed its checks, as each method's alias metadata has it. */
  private Caller caller(String mount, JsonNode b) {
    if (mount.equals("aws")) {
      return new Caller(
          awsInstance,
          Map.of(
              "account_id",
              ACCOUNT,
              "auth_type",
              "iam",
              "client_arn",
              "arn:aws:sts::" + ACCOUNT + ":assumed-role/stratus-node/" + awsInstance,
              "inferred_entity_id",
              awsInstance,
              "inferred_entity_type",
              "ec2_instance",
              "inferred_aws_region",
              "us-east-1"));
    }
    if (mount.equals("gcp")) {
      JsonNode gce =
          TokenSigner.verify(b.path("jwt").asText(null), google)
              .path("google")
              .path("compute_engine");
      Map<String, String> metadata = new HashMap<>();
      gce.properties().forEach(e -> metadata.put(e.getKey(), e.getValue().asText()));
      metadata.put("role", b.path("role").asText(""));
      return new Caller(gce.path("instance_id").asText(), metadata);
    }
    JsonNode claims = TokenSigner.verify(b.path("jwt").asText(null), entra);
    return new Caller(
        claims.path("oid").asText(),
        Map.of(
            "resource_group_name", b.path("resource_group_name").asText(""),
            "subscription_id", b.path("subscription_id").asText(""),
            "vm_name", b.path("vm_name").asText("")));
  }

  synchronized void trustGoogle(PublicKey key) {
    this.google = key;
  }

  synchronized void trustEntra(PublicKey key, String resource) {
    this.entra = key;
    this.azureResource = resource;
  }

  /** OCI's identity service knows the session key of each security token it issued. */
  synchronized void trustOci(Function<String, PublicKey> sessions) {
    this.ociSessions = sessions;
  }

  /**
   * OCI: the {@code request_headers} of {@code GET /v1/auth/oci/login/<role>}, signed by an
   * instance principal: {@code (request-target)} names that request, the signed headers include
   * date, (request-target) and host, the key id is {@code ST$<security token>}, and the signature
   * verifies with the token's session key (what AuthenticateClient checks for Vault).
   */
  synchronized String oci(String role, JsonNode b) {
    JsonNode h = b.path("request_headers");
    String target = h.path("(request-target)").path(0).asText("");
    if (!target.equals("get /v1/auth/oci/login/" + role)) {
      return "incorrect (request-target) specified in header";
    }
    Map<String, String> p = OciSignatures.params(h.path("authorization").path(0).asText(""));
    String keyId = p.getOrDefault("keyId", "");
    PublicKey session = keyId.startsWith("ST$") ? ociSessions.apply(keyId.substring(3)) : null;
    List<String> signed = List.of(p.getOrDefault("headers", "").split(" "));
    if (session == null || !signed.containsAll(List.of("date", "(request-target)", "host"))) {
      return "unable to authenticate the request: unknown principal";
    }
    StringBuilder text = new StringBuilder();
    for (String name : signed) {
      text.append(text.length() == 0 ? "" : "\n")
          .append(name)
          .append(": ")
          .append(h.path(name).path(0).asText(""));
    }
    return OciSignatures.verifies(session, text.toString(), p.get("signature"))
        ? null
        : "unable to authenticate the request: the signature does not verify";
  }

  synchronized String aws(JsonNode b, Instant now) throws IOException {
    boolean shaped =
        "POST".equals(b.path("iam_http_request_method").asText())
            && "https://sts.amazonaws.com/".equals(decode(b.path("iam_request_url").asText()))
            && "Action=GetCallerIdentity&Version=2011-06-15"
                .equals(decode(b.path("iam_request_body").asText()));
    JsonNode headers = JSON.readTree(decode(b.path("iam_request_headers").asText()));
    if (!shaped || headers == null || !headers.has("Authorization")) {
      return "error validating the signed GetCallerIdentity request";
    }
    // Like STS, the model knows whose credentials are genuine only when told (no trust: no login).
    return sts == null
        ? "error validating the signed GetCallerIdentity request: no trusted credentials"
        : sts.check(headers, decode(b.path("iam_request_body").asText()), now);
  }

  synchronized String gcp(JsonNode b, Instant now) {
    JsonNode claims = TokenSigner.verify(b.path("jwt").asText(null), google);
    String role = b.path("role").asText("");
    if (claims == null) {
      return "unable to get public key for signed JWT";
    }
    if (!claims.path("aud").asText().endsWith("vault/" + role)) {
      return "at least one of the JWT claim 'aud' must end in \"vault/" + role + "\"";
    }
    if (claims.path("exp").asLong() < now.getEpochSecond() - 60) {
      return "JWT is expired or does not have proper 'exp' claim";
    }
    if (claims.path("google").path("compute_engine").path("instance_id").asText("").isEmpty()) {
      return "expected JWT to have claims with GCE metadata";
    }
    return null;
  }

  synchronized String azure(JsonNode b, Instant now) {
    JsonNode claims = TokenSigner.verify(b.path("jwt").asText(null), entra);
    if (claims == null || claims.path("exp").asLong() < now.getEpochSecond()) {
      return "could not verify the JWT";
    }
    if (!azureResource.equals(claims.path("aud").asText())) {
      return "oidc: expected audience \"" + azureResource + "\"";
    }
    String named =
        "/subscriptions/"
            + b.path("subscription_id").asText()
            + "/resourcegroups/"
            + b.path("resource_group_name").asText()
            + "/providers/microsoft.compute/virtualmachines/"
            + b.path("vm_name").asText();
    if (!named
        .toLowerCase(Locale.ROOT)
        .equals(claims.path("xms_mirid").asText().toLowerCase(Locale.ROOT))) {
      return "token object id does not match virtual machine identities";
    }
    return null;
  }

  static String decode(String b64) {
    try {
      return new String(Base64.getDecoder().decode(b64), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return "";
    }
  }
}
