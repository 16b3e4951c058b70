package dev.stratus.spot;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * EC2 IMDSv2 with tokens required (HttpTokens=required): {@code PUT /latest/api/token} with a TTL
 * of 1..21600 s issues a token; a GET without a token, or with an unknown or expired one, is 401;
 * the spot items are 404 until set. Token expiry follows the shared clock.
 */
final class ImdsModel extends MetadataModel {
  private final Clock clock;
  private final String instanceId;
  private final Map<String, Instant> tokens = new HashMap<>();
  private int issued;
  private int refused;
  private String instanceAction;
  private String rebalance;

  ImdsModel(Clock clock, String instanceId) {
    this.clock = clock;
    this.instanceId = instanceId;
  }

  synchronized void instanceAction(String body) {
    instanceAction = body;
  }

  synchronized void rebalance(String body) {
    rebalance = body;
  }

  /** As after an IMDS restart: every token issued so far is unknown. */
  synchronized void forgetTokens() {
    tokens.clear();
  }

  synchronized int tokensIssued() {
    return issued;
  }

  synchronized int refusedForToken() {
    return refused;
  }

  @Override
  synchronized ResponseDefinition answer(LoggedRequest r) {
    String path = path(r);
    if (path.equals("/latest/api/token")) {
      return r.getMethod().getName().equals("PUT") ? issue(r) : status(405, "");
    }
    if (!r.getMethod().getName().equals("GET")) {
      return status(405, "");
    }
    String token = r.getHeader(ImdsTokens.TOKEN_HEADER);
    Instant expiry = token == null ? null : tokens.get(token);
    if (expiry == null || !clock.instant().isBefore(expiry)) {
      refused++;
      return status(401, "");
    }
    switch (path) {
      case "/latest/meta-data/instance-id":
        return status(200, instanceId);
      case "/latest/meta-data/spot/instance-action":
        return instanceAction == null ? status(404, "") : status(200, instanceAction);
      case "/latest/meta-data/events/recommendations/rebalance":
        return rebalance == null ? status(404, "") : status(200, rebalance);
      default:
        return status(404, "");
    }
  }

  private ResponseDefinition issue(LoggedRequest r) {
    String ttl = r.getHeader(ImdsTokens.TTL_HEADER);
    long seconds;
    try {
      seconds = Long.parseLong(ttl);
    } catch (NumberFormatException e) {
      return status(400, "");
    }
    if (seconds < 1 || seconds > 21_600) {
      return status(400, "");
    }
    String token = "token-" + (++issued);
    tokens.put(token, clock.instant().plusSeconds(seconds));
    return ResponseDefinitionBuilder.responseDefinition()
        .withStatus(200)
        .withHeader(ImdsTokens.TTL_HEADER, ttl)
        .withBody(token)
        .build();
  }
}
