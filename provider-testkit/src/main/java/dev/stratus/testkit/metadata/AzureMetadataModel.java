package dev.stratus.testkit.metadata;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Azure's Instance Metadata Service for one VM, after its documentation. Every request needs {@code
 * Metadata: true} and an {@code api-version}, else 400: IMDS's {@code {"error": "Bad request.
 * ..."}} on the instance and events paths, OAuth's {@code {"error","error_description"}} on the
 * identity path.
 *
 * <ul>
 *   <li>{@code GET /metadata/instance} answers {@code compute} (name, resourceGroupName,
 *       subscriptionId, resourceId, vmScaleSetName, ...) and {@code network}; {@code
 *       /metadata/instance/compute/<leaf>} answers the value as text and needs {@code format=text},
 *       as IMDS's leaf nodes do;
 *   <li>{@code GET /metadata/scheduledevents} answers the {@link ScheduledEvents} document; {@code
 *       POST} there with {@code {"StartRequests":[{"EventId":..}]}} acknowledges events;
 *   <li>{@code GET /metadata/identity/oauth2/token?resource=R} answers the managed identity's token
 *       in the 2018-02-01 shape ({@code access_token, refresh_token, expires_in, expires_on,
 *       not_before, resource, token_type}, numbers as strings), the JWT signed by {@link
 *       #tokenKey()} with {@code aud} = R and {@code xms_mirid} = the VM's resource id; a VM
 *       without a managed identity gets 400 "Identity not found".
 * </ul>
 *
 * Other methods are 405, other paths 404.
 */
public final class AzureMetadataModel extends MetadataModel {
  public static final String SUBSCRIPTION = "8d2f6a5e-0c8b-4b1e-9a41-2f3c6d7e8f90";
  public static final String GROUP = "stratus-nodes";
  public static final String EVENTS = "/metadata/scheduledevents";
  public static final String TOKEN = "/metadata/identity/oauth2/token";
  private static final String COMPUTE = "/metadata/instance/compute/";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String vmName;
  private final Clock clock;
  private final ScheduledEvents events = new ScheduledEvents();
  private final TokenSigner entra = new TokenSigner();
  private final List<String> issued = new ArrayList<>();
  private boolean identity = true;

  /** The VM {@code vmName} in {@link #GROUP}; token times follow {@code clock}. */
  public AzureMetadataModel(String vmName, Clock clock) {
    this.vmName = vmName;
    this.clock = clock;
    start();
  }

  /** Schedules one event (a JSON object with {@code EventId}), as Azure would. */
  public synchronized void schedule(String eventJson) {
    events.schedule(eventJson);
  }

  /** The events document is this body from now on, whatever is scheduled. */
  public synchronized void rawDocument(String body) {
    events.rawDocument(body);
  }

  /** The events acknowledgements started, in order. */
  public synchronized List<String> startedEventIds() {
    return events.startedEventIds();
  }

  public synchronized boolean isScheduled(String eventId) {
    return events.isScheduled(eventId);
  }

  /** How many well-formed {@code POST StartRequests} came, whatever they named. */
  public synchronized int startRequests() {
    return events.startRequests();
  }

  /** The VM has no managed identity: token requests get 400 "Identity not found". */
  public synchronized void noIdentity() {
    identity = false;
  }

  /** The access tokens issued so far. */
  public synchronized List<String> issued() {
    return List.copyOf(issued);
  }

  /** Microsoft Entra's key the access tokens are signed with. */
  public PublicKey tokenKey() {
    return entra.publicKey();
  }

  public String resourceId() {
    return "/subscriptions/"
        + SUBSCRIPTION
        + "/resourceGroups/"
        + GROUP
        + "/providers/Microsoft.Compute/virtualMachines/"
        + vmName;
  }

  @Override
  synchronized ResponseDefinition answer(LoggedRequest r) {
    String path = path(r);
    boolean oauth = path.startsWith("/metadata/identity/");
    if (!"true".equals(r.getHeader("Metadata"))) {
      return oauth
          ? oauthError("Required metadata header not specified")
          : imdsError(400, "Bad request. Required metadata header not specified");
    }
    if (query(r, "api-version") == null) {
      return oauth
          ? oauthError("Required queryparam 'api-version' is missing")
          : imdsError(400, "Bad request. api-version was not specified in the request");
    }
    String method = r.getMethod().getName();
    if (!method.equals("GET") && !(method.equals("POST") && path.equals(EVENTS))) {
      return imdsError(405, "Method not allowed");
    }
    if (path.equals(EVENTS)) {
      if (method.equals("GET")) {
        return reply(200, "application/json", events.document());
      }
      return events.acknowledge(r.getBodyAsString())
          ? reply(200, "application/json", "")
          : imdsError(400, "Bad request. The request body is not valid StartRequests JSON");
    }
    if (path.equals(TOKEN)) {
      return token(query(r, "resource"));
    }
    if (path.equals("/metadata/instance")) {
      return reply(200, "application/json", instance().toString());
    }
    if (path.startsWith(COMPUTE)
        && instance().path("compute").has(path.substring(COMPUTE.length()))) {
      return "text".equals(query(r, "format"))
          ? reply(
              200,
              "text/plain",
              instance().path("compute").path(path.substring(COMPUTE.length())).asText())
          : imdsError(400, "Bad request. Leaf nodes are only answered with format=text");
    }
    return imdsError(404, "Not found");
  }

  private ObjectNode instance() {
    ObjectNode root = JSON.createObjectNode();
    ObjectNode c = root.putObject("compute");
    c.put("azEnvironment", "AzurePublicCloud");
    c.put("location", "westeurope");
    c.put("name", vmName);
    c.put("resourceGroupName", GROUP);
    c.put("resourceId", resourceId());
    c.put("subscriptionId", SUBSCRIPTION);
    c.put("vmId", "02aab8a4-74ef-476e-8182-f6d2ba4166a6");
    c.put("vmScaleSetName", "");
    c.put("vmSize", "Standard_ND96isr_H100_v5");
    root.putObject("network").putArray("interface");
    return root;
  }

  private ResponseDefinition token(String resource) {
    if (!identity) {
      return oauthError("Identity not found");
    }
    if (resource == null) {
      return oauthError("Required queryparam 'resource' is missing");
    }
    Instant now = clock.instant();
    ObjectNode claims = JSON.createObjectNode();
    claims.put("aud", resource);
    claims.put("iss", "https://sts.windows.net/72f988bf-86f1-41af-91ab-2d7cd011db47/");
    claims.put("iat", now.getEpochSecond());
    claims.put("exp", now.plusSeconds(86400).getEpochSecond());
    claims.put("oid", "a4d6b0f2-0b5e-4d3e-9c1a-1b2c3d4e5f60");
    claims.put("xms_mirid", resourceId());
    String jwt = entra.sign(claims);
    issued.add(jwt);
    ObjectNode t = JSON.createObjectNode();
    t.put("access_token", jwt);
    t.put("refresh_token", "");
    t.put("expires_in", "86399");
    t.put("expires_on", Long.toString(now.plusSeconds(86400).getEpochSecond()));
    t.put("not_before", Long.toString(now.getEpochSecond()));
    t.put("resource", resource);
    t.put("token_type", "Bearer");
    return reply(200, "application/json", t.toString());
  }

  private static ResponseDefinition imdsError(int status, String message) {
    return reply(
        status, "application/json", JSON.createObjectNode().put("error", message).toString());
  }

  private static ResponseDefinition oauthError(String description) {
    ObjectNode o = JSON.createObjectNode();
    o.put("error", "invalid_request");
    o.put("error_description", description);
    return reply(400, "application/json", o.toString());
  }
}
