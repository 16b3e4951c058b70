package dev.stratus.tests.vault;

import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;

/**
 * EC2's instance metadata service with IMDSv2 required (the hop limit and HttpTokens=required a
 * launch template sets): {@code PUT /latest/api/token} with {@code
 * X-aws-ec2-metadata-token-ttl-seconds} (1..21600, else 400) answers a session token; every {@code
 * GET} without a live token in {@code X-aws-ec2-metadata-token} is 401. {@code
 * /latest/meta-data/iam/security-credentials/} lists the instance profile's role (404 when the
 * instance has none) and {@code .../<role>} answers the temporary credentials in the documented
 * JSON shape ({@code Code, LastUpdated, Type, AccessKeyId, SecretAccessKey, Token, Expiration}).
 */
final class Ec2MetadataModel implements ResponseDefinitionTransformerV2 {
  private static final String CREDS = "/latest/meta-data/iam/security-credentials/";
  final AwsSessionCredentials credentials =
      AwsSessionCredentials.create(
          "ASIA" + UUID.randomUUID().toString().replace("-", "").substring(0, 16).toUpperCase(),
          "secret/" + UUID.randomUUID(),
          "session-token-" + UUID.randomUUID());
  private final Set<String> tokens = new HashSet<>();
  private final List<String> calls = Collections.synchronizedList(new ArrayList<>());
  private String role = "stratus-node-profile";
  private String credentialsBody;

  @Override
  public String getName() {
    return "ec2-imds-model";
  }

  /** The instance profile's role; {@code null}: the instance has no instance profile. */
  synchronized void role(String role) {
    this.role = role;
  }

  /** Answer this body for the role's credentials instead of the documented JSON. */
  synchronized void credentialsBody(String body) {
    this.credentialsBody = body;
  }

  List<String> calls() {
    return List.copyOf(calls);
  }

  @Override
  public synchronized ResponseDefinition transform(ServeEvent event) {
    Request req = event.getRequest();
    String path = req.getUrl().split("\\?")[0];
    String method = req.getMethod().getName();
    calls.add(method + " " + path);
    if (method.equals("PUT") && path.equals("/latest/api/token")) {
      String ttl = req.getHeader("X-aws-ec2-metadata-token-ttl-seconds");
      if (ttl == null
          || !ttl.matches("\\d+")
          || Long.parseLong(ttl) < 1
          || Long.parseLong(ttl) > 21600) {
        return ModelServer.reply(400, "text/plain", "");
      }
      String token = "AQAEA" + UUID.randomUUID().toString().replace("-", "");
      tokens.add(token);
      return ModelServer.reply(200, "text/plain", token);
    }
    if (!method.equals("GET")) {
      return ModelServer.reply(405, "text/plain", "");
    }
    if (!tokens.contains(req.getHeader("X-aws-ec2-metadata-token"))) {
      return ModelServer.reply(401, "text/plain", "");
    }
    if (path.equals(CREDS) && role != null) {
      return ModelServer.reply(200, "text/plain", role);
    }
    if (role != null && path.equals(CREDS + role)) {
      return ModelServer.reply(
          200, "text/plain", credentialsBody != null ? credentialsBody : json());
    }
    return ModelServer.reply(
        404, "text/html", "<?xml version=\"1.0\"?><title>404 - Not Found</title>");
  }

  private String json() {
    return "{\n  \"Code\" : \"Success\",\n  \"LastUpdated\" : \"2026-11-21T11:50:00Z\",\n"
        + "  \"Type\" : \"AWS-HMAC\",\n  \"AccessKeyId\" : \""
        + credentials.accessKeyId()
        + "\",\n  \"SecretAccessKey\" : \""
        + credentials.secretAccessKey()
        + "\",\n  \"Token\" : \""
        + credentials.sessionToken()
        + "\",\n  \"Expiration\" : \"2099-11-21T17:50:00Z\"\n}";
  }
}
