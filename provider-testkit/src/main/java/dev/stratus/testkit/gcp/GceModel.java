package dev.stratus.testkit.gcp;

import static dev.stratus.testkit.gcp.GceJson.error;
import static dev.stratus.testkit.gcp.GceJson.notFound;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stateful model of the Compute Engine v1 REST API, as a WireMock extension: instances (insert,
 * bulkInsert with minCount, get, delete, list and aggregatedList with label filters and pages),
 * zonal and regional operations that go RUNNING → DONE, resource policies, zones and machine types,
 * {@code requestId}s remembered for 60 minutes of its clock.
 *
 * <p>It can be told to exhaust an offering ({@code ZONE_RESOURCE_POOL_EXHAUSTED_WITH_DETAILS} for
 * GPU machines), to refuse named instances, to withdraw a machine type (HTTP 400 "does not exist in
 * zone") or an accelerator type ({@code RESOURCE_NOT_FOUND}) from a zone, to enforce a quota
 * ({@code QUOTA_EXCEEDED}), to throttle the next calls (403 {@code rateLimitExceeded}, or 429 with
 * {@code Retry-After}), to fail the next call or operation with a given code, to add latency; and
 * an instance can stop ({@code STOPPING} → {@code TERMINATED}) or suspend ({@code SUSPENDING} →
 * {@code SUSPENDED}) as its owner or the cloud would.
 *
 * <p>Windowed capacity ({@link GceReservations}): zonal specific reservations and calendar-mode
 * future reservations (list, get), VMs that consume one by name ({@code SPECIFIC_RESERVATION}) only
 * while it is {@code READY} with room, windows that open and close on the model's clock (a closed
 * window's VMs are deleted), and flex-start VMs ({@code FLEX_START}, checked as GCE checks them by
 * {@link GceScheduling}) deleted when their {@code maxRunDuration} has passed.
 */
public final class GceModel implements ResponseDefinitionTransformerV2 {
  private static final Pattern ROUTE =
      Pattern.compile("/compute/v1/projects/([^/]+)/(zones|regions|aggregated)(?:/([^/]+))?(.*)");
  private static final Pattern LABEL_TERM =
      Pattern.compile("labels\\.([a-z0-9_-]+)\\s*=\\s*\"?([^\"()\\s]*)\"?");

  final GceState state;
  private final GceWindows windows;
  private final Map<String, int[]> machineTypes;
  private final Deque<ResponseDefinition> throttles = new ArrayDeque<>();
  private ResponseDefinition failNext;
  private long latencyMillis;
  private int pageSize = 500;
  private int aggregatedPages;
  private String base;

  /**
   * {@code machineTypes}: name → {guestCpus, memoryMb}, the types every zone offers until {@link
   * #withdraw} says otherwise. {@code clock}: when instances and operations are created, and how
   * long a {@code requestId} is remembered.
   */
  public GceModel(String project, Set<String> zones, Map<String, int[]> machineTypes, Clock clock) {
    this.state = new GceState(project, zones, clock);
    this.windows = new GceWindows(this);
    this.machineTypes = Map.copyOf(machineTypes);
  }

  @Override
  public String getName() {
    return "gce-model";
  }

  @Override
  public ResponseDefinition transform(ServeEvent event) {
    Request req = event.getRequest();
    synchronized (this) {
      ResponseDefinition answer = answer(req);
      if (latencyMillis > 0) {
        return ResponseDefinitionBuilder.like(answer).withFixedDelay((int) latencyMillis).build();
      }
      return answer;
    }
  }

  // ---- what a test can tell the model ----

  public synchronized void exhaust(String zone, String machineType, boolean spot) {
    state.exhausted.add(GceState.offering(zone, machineType, spot ? "SPOT" : "STANDARD"));
  }

  /** Instances whose name starts with this prefix cannot be placed (capacity). */
  public synchronized void refuseNamesStartingWith(String prefix) {
    state.unplaceable.add(n -> n.startsWith(prefix));
  }

  /** The next {@code calls} requests answer 403 rateLimitExceeded. */
  public synchronized void throttleNext(int calls) {
    for (int i = 0; i < calls; i++) {
      throttles.add(error(403, "rateLimitExceeded", "Rate Limit Exceeded"));
    }
  }

  /**
   * The next {@code calls} requests answer 429 {@code rateLimitExceeded} (status {@code
   * RESOURCE_EXHAUSTED}), with {@code Retry-After} when {@code retryAfterSeconds} is positive.
   */
  public synchronized void throttleNext(int calls, int retryAfterSeconds) {
    for (int i = 0; i < calls; i++) {
      ResponseDefinition answer =
          error(
              429,
              "rateLimitExceeded",
              "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of service"
                  + " 'compute.googleapis.com'.");
      throttles.add(
          retryAfterSeconds > 0
              ? ResponseDefinitionBuilder.like(answer)
                  .withHeader("Retry-After", String.valueOf(retryAfterSeconds))
                  .build()
              : answer);
    }
  }

  /** From now on the zone does not offer this machine type. */
  public synchronized void withdraw(String zone, String machineType) {
    state.withdrawnTypes.computeIfAbsent(zone, z -> new HashSet<>()).add(machineType);
  }

  /** From now on the zone has no accelerators of this type. */
  public synchronized void withdrawAccelerator(String zone, String acceleratorType) {
    state.withdrawnAccelerators.computeIfAbsent(zone, z -> new HashSet<>()).add(acceleratorType);
  }

  /** The project's limit for a regional quota metric ({@code CPUS}, {@code NVIDIA_H100_GPUS}). */
  public synchronized void quota(String metric, double limit) {
    state.quotas.limit(metric, limit);
  }

  /** The instance stops: {@code STOPPING} now, {@code TERMINATED} once its operation is done. */
  public synchronized void stop(String zone, String name) {
    transition(zone, name, "stop", "STOPPING", "TERMINATED");
  }

  /**
   * The instance suspends: {@code SUSPENDING} now, {@code SUSPENDED} once its operation is done.
   */
  public synchronized void suspend(String zone, String name) {
    transition(zone, name, "suspend", "SUSPENDING", "SUSPENDED");
  }

  /** Runs every operation to DONE, as if the cloud had been given the time. */
  public synchronized void settle() {
    while (state.operations.values().stream().anyMatch(op -> !op.done())) {
      state.tick();
    }
  }

  private void transition(String zone, String name, String type, String during, String after) {
    ObjectNode i = state.instances.get(zone).get(name);
    i.put("status", during);
    state.newOperation(
        "zones/" + zone, type, i.path("selfLink").asText(), () -> i.put("status", after), null);
  }

  /** Reservations, calendar windows and their ends ({@link GceWindows}). */
  public GceWindows windows() {
    return windows;
  }

  /** The next request answers this HTTP error. */
  public synchronized void failNextCall(int status, String reason, String message) {
    failNext = error(status, reason, message);
  }

  /** The next instance insert's operation finishes DONE with this error and creates nothing. */
  public synchronized void failNextOperation(String code, String message, int httpStatus) {
    state.nextOperationFailure = new String[] {code, message, String.valueOf(httpStatus)};
  }

  /**
   * {@code request}'s answer, its insert failing this way if it makes one (a replayed {@code
   * requestId} or a refused request makes none): the failure never outlives the request, so it
   * cannot land on another client's insert.
   */
  public synchronized <T> T withInsertFailing(
      String code, String message, int httpStatus, Supplier<T> request) {
    failNextOperation(code, message, httpStatus);
    try {
      return request.get();
    } finally {
      state.nextOperationFailure = null;
    }
  }

  public synchronized void latency(long millis) {
    latencyMillis = millis;
  }

  /** How many pages of {@code aggregated/instances} were served. */
  public synchronized int aggregatedPages() {
    return aggregatedPages;
  }

  public synchronized void pageSize(int size) {
    pageSize = size;
  }

  /** Mutating requests received, in order: {@code {method, url, body}} (for shape tests). */
  public synchronized List<JsonNode> requests() {
    return List.copyOf(state.requests);
  }

  public synchronized List<ObjectNode> instances(String zone) {
    return List.copyOf(state.instances.get(zone).values());
  }

  public synchronized Set<String> policies() {
    return Set.copyOf(state.policies.keySet());
  }

  /**
   * A compact placement policy made outside the provider under test (another cluster's, an old
   * leftover), as Compute Engine would list it.
   */
  public synchronized void addPolicy(String name, String description, OffsetDateTime created) {
    ObjectNode p = GceJson.object().put("kind", "compute#resourcePolicy").put("name", name);
    p.put("description", description).put("status", "READY");
    p.put("creationTimestamp", created.toString());
    p.putObject("groupPlacementPolicy").put("collocation", "COLLOCATED").put("vmCount", 2);
    state.policies.put(name, p);
  }

  // ---- routing ----

  private ResponseDefinition answer(Request req) {
    String path = req.getUrl().split("\\?", 2)[0];
    Matcher m = ROUTE.matcher(path);
    if (!m.matches()) {
      return error(404, "notFound", "no such API path " + path);
    }
    base =
        req.getAbsoluteUrl().substring(0, req.getAbsoluteUrl().indexOf("/compute/v1/"))
            + "/compute/v1/projects/"
            + state.project;
    state.tick();
    ResponseDefinition throttled = throttles.poll();
    if (throttled != null) {
      return throttled;
    }
    if (failNext != null) {
      ResponseDefinition f = failNext;
      failNext = null;
      return f;
    }
    if (!m.group(1).equals(state.project)) {
      return notFound("projects/" + m.group(1));
    }
    String method = req.getMethod().getName();
    String kind = m.group(2);
    String where = m.group(3);
    String rest = m.group(4);
    JsonNode body = body(req);
    if (!method.equals("GET")) {
      ObjectNode seen = GceJson.object().put("method", method).put("url", req.getUrl());
      seen.set("body", body);
      state.requests.add(seen);
    }
    if (kind.equals("aggregated") && "instances".equals(where) && method.equals("GET")) {
      aggregatedPages++;
      return GceInstancesApi.aggregated(this, filter(req), pageSize, token(req));
    }
    if (kind.equals("regions")) {
      return GcePoliciesApi.route(this, method, where, rest, body, req);
    }
    if (!state.instances.containsKey(where)) {
      return notFound("projects/" + state.project + "/zones/" + where);
    }
    return GceInstancesApi.route(this, method, where, rest, body, req, pageSize, token(req));
  }

  String base() {
    return base;
  }

  Map<String, int[]> machineTypes() {
    return machineTypes;
  }

  static String query(Request req, String name) {
    var p = req.queryParameter(name);
    return p.isPresent() ? URLDecoder.decode(p.firstValue(), StandardCharsets.UTF_8) : null;
  }

  static int token(Request req) {
    String t = query(req, "pageToken");
    return t == null || t.isEmpty() ? 0 : Integer.parseInt(t);
  }

  /** The label terms of a filter, ANDed: {@code (labels.k = "v") AND ...}. */
  static List<String[]> filter(Request req) {
    String f = query(req, "filter");
    List<String[]> terms = new ArrayList<>();
    if (f != null) {
      Matcher m = LABEL_TERM.matcher(f);
      while (m.find()) {
        terms.add(new String[] {m.group(1), m.group(2)});
      }
    }
    return terms;
  }

  private static JsonNode body(Request req) {
    String text = req.getBodyAsString();
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return GceJson.JSON.readTree(text);
    } catch (IOException e) {
      return GceJson.object().put("unparseable", text);
    }
  }
}
