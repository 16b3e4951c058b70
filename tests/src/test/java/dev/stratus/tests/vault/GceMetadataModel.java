package dev.stratus.tests.vault;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.time.Instant;

/**
 * Compute Engine's metadata server for instance identity tokens: {@code GET
 * /computeMetadata/v1/instance/service-accounts/default/identity?audience=A[&format=full]} needs
 * {@code Metadata-Flavor: Google} (403 without) and an audience (400 without); it answers the JWT
 * as plain text, signed (RS256) for the VM's default service account, {@code aud} = the audience,
 * one hour of life, and only with {@code format=full} the {@code google.compute_engine} claims
 * (project, zone, instance id and name) that Vault's gce roles need. A VM without a service account
 * answers 404.
 */
final class GceMetadataModel implements ResponseDefinitionTransformerV2 {
  static final String IDENTITY = "/computeMetadata/v1/instance/service-accounts/default/identity";
  static final String INSTANCE = "stratus-gpu-a-3f9c2e";
  final TestJwt google = new TestJwt();
  private final ObjectMapper json = new ObjectMapper();
  private final Instant now;
  private boolean serviceAccount = true;

  GceMetadataModel(Instant now) {
    this.now = now;
  }

  @Override
  public String getName() {
    return "gce-metadata-model";
  }

  synchronized void noServiceAccount() {
    serviceAccount = false;
  }

  @Override
  public synchronized ResponseDefinition transform(ServeEvent event) {
    Request req = event.getRequest();
    if (!"Google".equals(req.getHeader("Metadata-Flavor"))) {
      return ModelServer.reply(403, "text/html", "Missing required header: Metadata-Flavor");
    }
    String path = req.getUrl().split("\\?")[0];
    if (!path.equals(IDENTITY) || !serviceAccount) {
      return ModelServer.reply(404, "text/html", "Not Found");
    }
    String audience =
        req.queryParameter("audience").isPresent()
            ? req.queryParameter("audience").firstValue()
            : "";
    if (audience.isEmpty()) {
      return ModelServer.reply(400, "text/html", "non-empty audience parameter required");
    }
    ObjectNode claims = json.createObjectNode();
    claims.put("aud", audience);
    claims.put("azp", "106519014281931112131");
    claims.put("exp", now.plusSeconds(3600).getEpochSecond());
    claims.put("iat", now.getEpochSecond());
    claims.put("iss", "https://accounts.google.com");
    claims.put("sub", "106519014281931112131");
    if (req.queryParameter("format").isPresent()
        && req.queryParameter("format").firstValue().equals("full")) {
      ObjectNode gce = claims.putObject("google").putObject("compute_engine");
      gce.put("instance_creation_timestamp", now.minusSeconds(60).getEpochSecond());
      gce.put("instance_id", "7482914453891267013");
      gce.put("instance_name", INSTANCE);
      gce.put("project_id", "stratus-prod");
      gce.put("project_number", 123456789012L);
      gce.put("zone", "us-central1-a");
    }
    return ModelServer.reply(200, "application/text", google.sign(claims));
  }
}
