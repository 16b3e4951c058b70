package dev.stratus.testkit.metadata;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * EC2's instance metadata service with IMDSv2 required ({@code HttpTokens=required}, as Stratus'
 * launch templates set it), after the EC2 user guide:
 *
 * <ul>
 *   <li>{@code PUT /latest/api/token} with {@code X-aws-ec2-metadata-token-ttl-seconds} 1..21600
 *       answers a session token and echoes the TTL; a missing or bad TTL is 400, a PUT carrying
 *       {@code X-Forwarded-For} is 403 (IMDS refuses tokens to proxied requests);
 *   <li>every {@code GET} without a live token in {@code X-aws-ec2-metadata-token} (none, unknown,
 *       or expired by the model's clock) is 401; other methods are 405;
 *   <li>{@code meta-data/instance-id}; {@code meta-data/spot/instance-action} and {@code
 *       meta-data/events/recommendations/rebalance}, 404 until the cloud sets them;
 *   <li>{@code meta-data/iam/security-credentials/} lists the instance profile's role (404 without
 *       one) and {@code .../<role>} answers its temporary credentials in the documented JSON
 *       ({@code Code, LastUpdated, Type, AccessKeyId, SecretAccessKey, Token, Expiration}), six
 *       hours long.
 * </ul>
 *
 * Anything else is IMDS's HTML 404.
 */
public final class ImdsModel extends MetadataModel {
  public static final String TTL_HEADER = "X-aws-ec2-metadata-token-ttl-seconds";
  public static final String TOKEN_HEADER = "X-aws-ec2-metadata-token";
  private static final String META = "/latest/meta-data/";
  private static final String CREDENTIALS = META + "iam/security-credentials/";
  private static final String NOT_FOUND =
      "<?xml version=\"1.0\" encoding=\"iso-8859-1\"?>\n<title>404 - Not Found</title>";

  /** An instance profile's temporary credentials, as IMDS hands them out. */
  public record RoleCredentials(String accessKeyId, String secretAccessKey, String token) {}

  private final Clock clock;
  private final String instanceId;
  private final RoleCredentials credentials;
  private final Map<String, Instant> tokens = new HashMap<>();
  private int issued;
  private int refused;
  private String instanceAction;
  private String rebalance;
  private String role = "stratus-node-profile";
  private String credentialsBody;

  /** A model for {@code instanceId}; token lifetimes and credential times follow {@code clock}. */
  public ImdsModel(Clock clock, String instanceId) {
    this.clock = clock;
    this.instanceId = instanceId;
    String id = UUID.randomUUID().toString().replace("-", "");
    this.credentials =
        new RoleCredentials(
            "ASIA" + id.substring(0, 16).toUpperCase(),
            "secret/" + UUID.randomUUID(),
            "session-token-" + UUID.randomUUID());
    start();
  }

  /** The spot interruption notice EC2 posts two minutes ahead: a JSON document. */
  public synchronized void instanceAction(String body) {
    instanceAction = body;
  }

  /** The rebalance recommendation: a JSON document with {@code noticeTime}. */
  public synchronized void rebalance(String body) {
    rebalance = body;
  }

  /** The instance profile's role; {@code null}: the instance has no instance profile. */
  public synchronized void role(String role) {
    this.role = role;
  }

  /** Answer this body for the role's credentials instead of the documented JSON. */
  public synchronized void credentialsBody(String body) {
    this.credentialsBody = body;
  }

  /** The credentials the role's document carries. */
  public RoleCredentials credentials() {
    return credentials;
  }

  /** As after an IMDS restart: every token issued so far is unknown. */
  public synchronized void forgetTokens() {
    tokens.clear();
  }

  public synchronized int tokensIssued() {
    return issued;
  }

  /** How many GETs were refused for want of a live token. */
  public synchronized int refusedForToken() {
    return refused;
  }

  @Override
  synchronized ResponseDefinition answer(LoggedRequest r) {
    String path = path(r);
    String method = r.getMethod().getName();
    if (path.equals("/latest/api/token")) {
      return method.equals("PUT") ? issue(r) : reply(405, "text/plain", "");
    }
    if (!method.equals("GET")) {
      return reply(405, "text/plain", "");
    }
    String token = r.getHeader(TOKEN_HEADER);
    Instant expiry = token == null ? null : tokens.get(token);
    if (expiry == null || !clock.instant().isBefore(expiry)) {
      refused++;
      return reply(401, "text/plain", "");
    }
    String body = value(path);
    return body == null ? reply(404, "text/html", NOT_FOUND) : reply(200, "text/plain", body);
  }

  private String value(String path) {
    if (path.equals(META + "instance-id")) {
      return instanceId;
    }
    if (path.equals(META + "spot/instance-action")) {
      return instanceAction;
    }
    if (path.equals(META + "events/recommendations/rebalance")) {
      return rebalance;
    }
    if (role != null && path.equals(CREDENTIALS)) {
      return role;
    }
    if (role != null && path.equals(CREDENTIALS + role)) {
      return credentialsBody != null ? credentialsBody : credentialsJson();
    }
    return null;
  }

  private ResponseDefinition issue(LoggedRequest r) {
    if (r.containsHeader("X-Forwarded-For")) {
      return reply(403, "text/plain", "");
    }
    String ttl = r.getHeader(TTL_HEADER);
    if (ttl == null || !ttl.matches("\\d{1,5}")) {
      return reply(400, "text/plain", "");
    }
    long seconds = Long.parseLong(ttl);
    if (seconds < 1 || seconds > 21_600) {
      return reply(400, "text/plain", "");
    }
    String token = "AQAEA" + (++issued) + "-" + UUID.randomUUID().toString().replace("-", "");
    tokens.put(token, clock.instant().plusSeconds(seconds));
    return ResponseDefinitionBuilder.responseDefinition()
        .withStatus(200)
        .withHeader("Content-Type", "text/plain")
        .withHeader(TTL_HEADER, ttl)
        .withBody(token)
        .build();
  }

  private String credentialsJson() {
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS); // IMDS writes whole seconds
    return "{\n  \"Code\" : \"Success\",\n  \"LastUpdated\" : \""
        + now
        + "\",\n  \"Type\" : \"AWS-HMAC\",\n  \"AccessKeyId\" : \""
        + credentials.accessKeyId()
        + "\",\n  \"SecretAccessKey\" : \""
        + credentials.secretAccessKey()
        + "\",\n  \"Token\" : \""
        + credentials.token()
        + "\",\n  \"Expiration\" : \""
        + now.plus(Duration.ofHours(6))
        + "\"\n}";
  }
}
