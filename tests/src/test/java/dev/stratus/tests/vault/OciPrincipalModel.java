package dev.stratus.tests.vault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import dev.stratus.testkit.metadata.TokenSigner;
import dev.stratus.testkit.oci.OciSignatures;
import java.io.IOException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An OCI instance's principal behind two services on one server. The instance metadata service v2
 * ({@code /opc/v2/...}, only with {@code Authorization: Bearer Oracle}, else 401): the region, and
 * the leaf certificate, its key and the intermediate certificate at {@code identity/}. The
 * federation endpoint ({@code POST /v1/x509}): a request signed with the leaf key (key id {@code
 * <tenancy>/fed-x509-sha256/<fingerprint>}) whose certificate is the leaf gets a security token, a
 * JWT that binds the session public key of the request ({@code jwk} claim) and names the instance
 * and tenancy. {@link #sessionKey} plays OCI's identity service for Vault: the session key of a
 * token it issued.
 */
final class OciPrincipalModel implements ResponseDefinitionTransformerV2 {
  static final String TENANCY = "ocid1.tenancy.oc1..aaaastratustenancy";
  static final String INSTANCE = "ocid1.instance.oc1.iad.aaaastratusnode001";
  private static final ObjectMapper JSON = new ObjectMapper();
  final TestCertificates certs = new TestCertificates(TENANCY, INSTANCE);
  final TokenSigner auth = new TokenSigner();
  private final Map<String, PublicKey> sessions = new ConcurrentHashMap<>();
  private final List<String> calls = Collections.synchronizedList(new ArrayList<>());
  private final OciSignatures signatures = new OciSignatures();
  private volatile boolean refuseFederation;

  /** The federation endpoint no longer takes this instance's certificate (401). */
  void refuseFederation() {
    refuseFederation = true;
  }

  @Override
  public String getName() {
    return "oci-principal-model";
  }

  /** The session key a security token was issued for, or null for a token never issued. */
  PublicKey sessionKey(String token) {
    return sessions.get(token);
  }

  /** Tokens issued so far, for the tests that check no message quotes one. */
  List<String> tokens() {
    return List.copyOf(sessions.keySet());
  }

  List<String> calls() {
    return List.copyOf(calls);
  }

  @Override
  public ResponseDefinition transform(ServeEvent event) {
    Request req = event.getRequest();
    String path = req.getUrl().split("\\?")[0];
    calls.add(req.getMethod().getName() + " " + path);
    try {
      if (path.startsWith("/opc/v2/")) {
        return metadata(req, path.substring("/opc/v2/".length()));
      }
      if (req.getMethod().getName().equals("POST") && path.equals("/v1/x509")) {
        return federate(req);
      }
    } catch (GeneralSecurityException | IOException e) {
      return ModelServer.reply(500, "text/plain", e.getClass().getSimpleName());
    }
    return ModelServer.reply(404, "text/plain", "Not Found");
  }

  private ResponseDefinition metadata(Request req, String path) throws GeneralSecurityException {
    if (!"Bearer Oracle".equals(req.getHeader("Authorization"))) {
      return ModelServer.reply(401, "text/plain", "Unauthorized");
    }
    return switch (path) {
      case "instance/region" -> ModelServer.reply(200, "text/plain", "iad");
      case "instance/canonicalRegionName" -> ModelServer.reply(200, "text/plain", "us-ashburn-1");
      case "identity/cert.pem" -> ModelServer.reply(200, "text/plain", certs.leafPem());
      case "identity/key.pem" -> ModelServer.reply(200, "text/plain", certs.leafKeyPem());
      case "identity/intermediate.pem" ->
          ModelServer.reply(200, "text/plain", certs.intermediatePem());
      default -> ModelServer.reply(404, "text/plain", "Not Found");
    };
  }

  private ResponseDefinition federate(Request req) throws GeneralSecurityException, IOException {
    String refused =
        signatures.refuse(
            req,
            keyId -> keyId.startsWith(TENANCY + "/fed-x509") ? certs.leaf.getPublicKey() : null);
    if (refused == null && refuseFederation) {
      refused = "certificate revoked";
    }
    if (refused != null) {
      return ModelServer.reply(
          401,
          "application/json",
          "{\"code\":\"NotAuthenticated\",\"message\":\"" + refused + "\"}");
    }
    JsonNode body = JSON.readTree(req.getBodyAsString());
    byte[] leaf = Base64.getDecoder().decode(body.path("certificate").asText());
    if (!Arrays.equals(leaf, certs.leaf.getEncoded())) {
      return ModelServer.reply(
          401,
          "application/json",
          "{\"code\":\"NotAuthenticated\",\"message\":\"unknown certificate\"}");
    }
    PublicKey session =
        KeyFactory.getInstance("RSA")
            .generatePublic(
                new X509EncodedKeySpec(
                    Base64.getDecoder().decode(body.path("publicKey").asText())));
    ObjectNode claims = JSON.createObjectNode();
    long now = Instant.now().getEpochSecond();
    claims.put("sub", INSTANCE);
    claims.put("tenant", TENANCY);
    claims.put("ptype", "instance");
    claims.put("iat", now);
    claims.put("exp", now + 1200);
    claims.put("jwk", jwk((RSAPublicKey) session));
    String token = auth.sign(claims);
    sessions.put(token, session);
    return ModelServer.reply(
        200, "application/json", JSON.createObjectNode().put("token", token).toString());
  }

  private static String jwk(RSAPublicKey key) {
    Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
    return JSON.createObjectNode()
        .put("kid", "stratus-session")
        .put("n", b64.encodeToString(unsigned(key.getModulus())))
        .put("e", b64.encodeToString(unsigned(key.getPublicExponent())))
        .put("kty", "RSA")
        .put("alg", "RS256")
        .put("use", "sig")
        .toString();
  }

  private static byte[] unsigned(BigInteger i) {
    byte[] b = i.toByteArray();
    return b[0] == 0 ? Arrays.copyOfRange(b, 1, b.length) : b;
  }
}
