package dev.stratus.tests.vault;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Azure's Instance Metadata Service: every request needs {@code Metadata: true} and an {@code
 * api-version} (400 with IMDS's {@code {"error","error_description"}} otherwise). {@code
 * /metadata/identity/oauth2/token?resource=R} answers the managed identity's token in the
 * 2018-02-01 shape ({@code access_token, refresh_token, expires_in, expires_on, not_before,
 * resource, token_type}, numbers as strings), the JWT signed (RS256) with {@code aud} = R and
 * {@code xms_mirid} = the VM's resource id; 400 "Identity not found" for a VM without one. {@code
 * /metadata/instance} answers {@code compute} (name, resourceGroupName, subscriptionId,
 * vmScaleSetName, ...).
 */
final class AzureImdsModel implements ResponseDefinitionTransformerV2 {
  static final String SUBSCRIPTION = "8d2f6a5e-0c8b-4b1e-9a41-2f3c6d7e8f90";
  static final String GROUP = "stratus-nodes";
  static final String VM = "stratus-gpu-b-7";
  final TestJwt entra = new TestJwt();
  private final ObjectMapper json = new ObjectMapper();
  private final Instant now;
  private final List<String> issued = new ArrayList<>();
  private boolean identity = true;

  AzureImdsModel(Instant now) {
    this.now = now;
  }

  @Override
  public String getName() {
    return "azure-imds-model";
  }

  synchronized List<String> issued() {
    return List.copyOf(issued);
  }

  synchronized void noIdentity() {
    identity = false;
  }

  static String resourceId() {
    return "/subscriptions/"
        + SUBSCRIPTION
        + "/resourceGroups/"
        + GROUP
        + "/providers/Microsoft.Compute/virtualMachines/"
        + VM;
  }

  @Override
  public synchronized ResponseDefinition transform(ServeEvent event) {
    Request req = event.getRequest();
    if (!"true".equals(req.getHeader("Metadata"))) {
      return error("Required metadata header not specified");
    }
    if (!req.queryParameter("api-version").isPresent()) {
      return error("Required queryparam 'api-version' is missing");
    }
    String path = req.getUrl().split("\\?")[0];
    if (path.equals("/metadata/identity/oauth2/token")) {
      if (!identity) {
        return error("Identity not found");
      }
      if (!req.queryParameter("resource").isPresent()) {
        return error("Required queryparam 'resource' is missing");
      }
      return ModelServer.reply(
          200, "application/json", token(req.queryParameter("resource").firstValue()));
    }
    if (path.equals("/metadata/instance")) {
      ObjectNode root = json.createObjectNode();
      ObjectNode c = root.putObject("compute");
      c.put("azEnvironment", "AzurePublicCloud");
      c.put("location", "westeurope");
      c.put("name", VM);
      c.put("resourceGroupName", GROUP);
      c.put("resourceId", resourceId());
      c.put("subscriptionId", SUBSCRIPTION);
      c.put("vmId", "02aab8a4-74ef-476e-8182-f6d2ba4166a6");
      c.put("vmScaleSetName", "");
      c.put("vmSize", "Standard_ND96isr_H100_v5");
      root.putObject("network").putArray("interface");
      return ModelServer.reply(200, "application/json", root.toString());
    }
    return ModelServer.reply(404, "application/json", "{\"error\":\"Not found\"}");
  }

  private String token(String resource) {
    ObjectNode claims = json.createObjectNode();
    claims.put("aud", resource);
    claims.put("iss", "https://sts.windows.net/72f988bf-86f1-41af-91ab-2d7cd011db47/");
    claims.put("iat", now.getEpochSecond());
    claims.put("exp", now.plusSeconds(86400).getEpochSecond());
    claims.put("oid", "a4d6b0f2-0b5e-4d3e-9c1a-1b2c3d4e5f60");
    claims.put("xms_mirid", resourceId());
    ObjectNode r = json.createObjectNode();
    String jwt = entra.sign(claims);
    issued.add(jwt);
    r.put("access_token", jwt);
    r.put("refresh_token", "");
    r.put("expires_in", "86399");
    r.put("expires_on", Long.toString(now.plusSeconds(86400).getEpochSecond()));
    r.put("not_before", Long.toString(now.getEpochSecond()));
    r.put("resource", resource);
    r.put("token_type", "Bearer");
    return r.toString();
  }

  private ResponseDefinition error(String description) {
    ObjectNode o = json.createObjectNode();
    o.put("error", "invalid_request");
    o.put("error_description", description);
    return ModelServer.reply(400, "application/json", o.toString());
  }
}
