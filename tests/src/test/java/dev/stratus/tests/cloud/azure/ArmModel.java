package dev.stratus.tests.cloud.azure;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stateful model of the slice of Azure Resource Manager that Stratus uses, in ARM's wire format
 * (api-version 2025-04-01 for Microsoft.Compute): VMs (PUT as a long-running operation with an
 * {@code Azure-AsyncOperation} header, GET with {@code $expand=instanceView}, paged list with
 * {@code nextLink}, DELETE answering 202/204), proximity placement groups, VM sizes of the
 * location, the resource group and the subnet. Requests are parsed and checked (bearer token,
 * api-version, location, size, subnet, spot fields, tag names), state changes, later calls see it.
 *
 * <p>Tests can tell it: exhaust an offering (size × zone × priority: the create's operation fails
 * with {@code ZonalAllocationFailed}/{@code AllocationFailed}), fail the VM of a node, throttle the
 * next N calls (429 {@code TooManyRequests}), fail the next call or operation with a given code,
 * add latency, change the page size, deny every call (403 {@code AuthorizationFailed}).
 */
public final class ArmModel {
  public static final String COMPUTE_API = "2025-04-01";
  private static final String RG = "(?i)/subscriptions/([^/]+)/resourceGroups/([^/]+)";
  private static final Pattern VM =
      Pattern.compile(RG + "/providers/Microsoft\\.Compute/virtualMachines(?:/([^/]+))?");
  private static final Pattern PPG =
      Pattern.compile(RG + "/providers/Microsoft\\.Compute/proximityPlacementGroups(?:/([^/]+))?");
  private static final Pattern OP =
      Pattern.compile(
          "(?i)/subscriptions/([^/]+)/providers/Microsoft\\.Compute/locations/([^/]+)/operations/([^/]+)");
  private static final Pattern SIZES =
      Pattern.compile(
          "(?i)/subscriptions/([^/]+)/providers/Microsoft\\.Compute/locations/([^/]+)/vmSizes");
  private static final Pattern GROUP = Pattern.compile(RG);
  private static final Pattern SUBNET =
      Pattern.compile(
          RG + "/providers/Microsoft\\.Network/virtualNetworks/([^/]+)/subnets/([^/]+)");

  final String subscription;
  final String resourceGroup;
  final String location;
  final String subnetId;
  private final Set<String> sizes;
  private final Clock clock;
  private final ArmVms state;
  private final ArmFaults faults = new ArmFaults();
  private final Deque<ObjectNode> failNextOperations = new ArrayDeque<>();
  private int pageSize = 2;
  private int retryAfterSeconds = 1;
  private int pollsBeforeDone = 1;

  public ArmModel(
      String subscription,
      String resourceGroup,
      String location,
      String subnetId,
      Set<String> sizes,
      Clock clock) {
    this.subscription = subscription;
    this.resourceGroup = resourceGroup;
    this.location = location;
    this.subnetId = subnetId;
    this.sizes = Set.copyOf(sizes);
    this.clock = clock;
    this.state = new ArmVms(subscription, resourceGroup);
  }

  public ArmFaults faults() {
    return faults;
  }

  /** The next VM create's operation ends {@code Failed} with this code. */
  public synchronized void failNextOperation(String code, String message) {
    failNextOperations.add(ArmReply.errorBody(code, message));
  }

  public synchronized void pageSize(int n) {
    pageSize = n;
  }

  /** Seconds in {@code Retry-After}; 0 leaves the header out (the client's own interval rules). */
  public synchronized void retryAfterSeconds(int s) {
    retryAfterSeconds = s;
  }

  public synchronized void pollsBeforeDone(int n) {
    pollsBeforeDone = n;
  }

  public synchronized List<ObjectNode> vms() {
    return state.allVms();
  }

  /** The VM (by name) now belongs to this Flexible scale set; false when there is no such VM. */
  public synchronized boolean joinScaleSet(String vm, String scaleSet) {
    return state.joinScaleSet(vm, scaleSet);
  }

  public synchronized List<ObjectNode> placementGroups() {
    return state.allPpgs();
  }

  /**
   * An empty proximity placement group made outside the provider under test (another cluster's, a
   * leftover of an earlier controller), as a PUT with these tags would make it.
   */
  public synchronized void addPlacementGroup(String name, Map<String, String> tags) {
    ObjectNode body = ArmReply.JSON.createObjectNode().put("location", location);
    ObjectNode t = body.putObject("tags");
    tags.forEach(t::put);
    state.putPpg(name, body);
  }

  /** One request. {@code base} is {@code https://host:port} for the URLs the model hands out. */
  synchronized ArmReply handle(
      String method,
      String path,
      Map<String, String> query,
      String auth,
      String body,
      String base) {
    String bearer = auth == null ? "" : auth;
    if (!bearer.startsWith("Bearer ") || bearer.length() <= 7) {
      return ArmReply.error(401, "AuthenticationFailed", "Authentication failed: no bearer token.");
    }
    boolean poll = OP.matcher(path).matches();
    if (!poll) {
      ArmReply fault = faults.next(method, path);
      if (fault != null) {
        return fault;
      }
    }
    if (query.get("api-version") == null) {
      return ArmReply.error(
          400, "MissingApiVersionParameter", "The api-version query parameter is required.");
    }
    boolean compute = path.toLowerCase(Locale.ROOT).contains("/microsoft.compute/");
    if (compute && !COMPUTE_API.equals(query.get("api-version"))) {
      return ArmReply.error(
          400,
          "NoRegisteredProviderFound",
          "No registered resource provider found for api-version " + query.get("api-version"));
    }
    Matcher m;
    if ((m = VM.matcher(path)).matches() && scoped(m)) {
      return m.group(3) == null ? listVms(query, base) : vm(method, m.group(3), query, body, base);
    }
    if ((m = PPG.matcher(path)).matches() && scoped(m)) {
      return m.group(3) == null ? listPpgs() : ppg(method, m.group(3), body);
    }
    if ((m = OP.matcher(path)).matches()) {
      ObjectNode status = state.poll(m.group(3), clock.instant());
      return status == null
          ? ArmReply.error(404, "NotFound", "operation " + m.group(3) + " not found")
          : retryAfter(ArmReply.ok(200, status));
    }
    if ((m = SIZES.matcher(path)).matches() && m.group(1).equals(subscription)) {
      return vmSizes(m.group(2));
    }
    if ((m = SUBNET.matcher(path)).matches() && path.equalsIgnoreCase(subnetId)) {
      ObjectNode s = ArmReply.JSON.createObjectNode().put("id", subnetId).put("name", m.group(4));
      s.put("type", "Microsoft.Network/virtualNetworks/subnets");
      s.putObject("properties")
          .put("addressPrefix", "10.40.0.0/20")
          .put("provisioningState", "Succeeded");
      return ArmReply.ok(200, s);
    }
    if ((m = GROUP.matcher(path)).matches() && scoped(m)) {
      ObjectNode g = ArmReply.JSON.createObjectNode();
      g.put("id", "/subscriptions/" + subscription + "/resourceGroups/" + resourceGroup);
      g.put("name", resourceGroup).put("type", "Microsoft.Resources/resourceGroups");
      g.put("location", location).putObject("properties").put("provisioningState", "Succeeded");
      return ArmReply.ok(200, g);
    }
    return ArmReply.error(404, "ResourceNotFound", "The resource '" + path + "' was not found.");
  }

  private boolean scoped(Matcher m) {
    return m.group(1).equals(subscription) && m.group(2).equalsIgnoreCase(resourceGroup);
  }

  private ArmReply vm(
      String method, String name, Map<String, String> query, String body, String base) {
    switch (method) {
      case "GET" -> {
        ObjectNode vm = state.vm(name);
        if (vm == null) {
          return notFound("virtualMachines", name);
        }
        if ("instanceView".equals(query.get("$expand"))) {
          vm = vm.deepCopy();
          ObjectNode p = (ObjectNode) vm.get("properties");
          ObjectNode iv = p.putObject("instanceView");
          iv.put("platformFaultDomain", p.path("platformFaultDomain").asInt());
          iv.putArray("statuses")
              .addObject()
              .put(
                  "code",
                  "ProvisioningState/"
                      + p.path("provisioningState").asText().toLowerCase(Locale.ROOT));
        }
        return ArmReply.ok(200, vm);
      }
      case "DELETE" -> {
        if (!state.delete(name)) {
          return ArmReply.empty(204);
        }
        String op = base + opPath(java.util.UUID.randomUUID().toString());
        return retryAfter(
            ArmReply.empty(202).withHeader("Azure-AsyncOperation", op).withHeader("Location", op));
      }
      case "PUT" -> {
        return ArmVmPut.put(
            this, state, name, body, base, failNextOperations.poll(), pollsBeforeDone);
      }
      default -> {
        return ArmReply.error(405, "MethodNotAllowed", method + " is not supported here");
      }
    }
  }

  private ArmReply listVms(Map<String, String> query, String base) {
    List<ObjectNode> all = state.allVms();
    int from = Integer.parseInt(query.getOrDefault("$skiptoken", "0"));
    ObjectNode page = ArmReply.JSON.createObjectNode();
    ArrayNode value = page.putArray("value");
    all.subList(Math.min(from, all.size()), Math.min(from + pageSize, all.size()))
        .forEach(value::add);
    if (from + pageSize < all.size()) {
      page.put(
          "nextLink",
          base
              + "/subscriptions/"
              + subscription
              + "/resourceGroups/"
              + resourceGroup
              + "/providers/Microsoft.Compute/virtualMachines?api-version="
              + COMPUTE_API
              + "&$skiptoken="
              + (from + pageSize));
    }
    return ArmReply.ok(200, page);
  }

  private ArmReply ppg(String method, String name, String body) {
    switch (method) {
      case "GET" -> {
        ObjectNode g = state.ppg(name);
        return g == null ? notFound("proximityPlacementGroups", name) : ArmReply.ok(200, g);
      }
      case "PUT" -> {
        ObjectNode req = ArmVmPut.parse(body);
        if (req == null || !location.equalsIgnoreCase(req.path("location").asText())) {
          return ArmReply.error(400, "InvalidParameter", "location must be " + location);
        }
        boolean existed = state.ppg(name) != null;
        return ArmReply.ok(existed ? 200 : 201, state.putPpg(name, req));
      }
      case "DELETE" -> {
        List<String> inUse = state.deletePpg(name);
        if (inUse == null) {
          return ArmReply.empty(204);
        }
        return inUse.isEmpty()
            ? ArmReply.empty(200)
            : ArmReply.error(
                409,
                "OperationNotAllowed",
                "Proximity placement group "
                    + name
                    + " cannot be deleted while it is used by "
                    + inUse);
      }
      default -> {
        return ArmReply.error(405, "MethodNotAllowed", method + " is not supported here");
      }
    }
  }

  private ArmReply listPpgs() {
    ObjectNode page = ArmReply.JSON.createObjectNode();
    ArrayNode value = page.putArray("value");
    state.allPpgs().forEach(value::add);
    return ArmReply.ok(200, page);
  }

  private ArmReply vmSizes(String loc) {
    ObjectNode page = ArmReply.JSON.createObjectNode();
    ArrayNode value = page.putArray("value");
    if (loc.equalsIgnoreCase(location)) {
      for (String s : new java.util.TreeSet<>(sizes)) {
        value
            .addObject()
            .put("name", s)
            .put("numberOfCores", 96)
            .put("memoryInMB", 1945600)
            .put("osDiskSizeInMB", 1047552)
            .put("resourceDiskSizeInMB", 2969600)
            .put("maxDataDiskCount", 32);
      }
    }
    return ArmReply.ok(200, page);
  }

  boolean sizeOffered(String size) {
    return sizes.stream().anyMatch(s -> s.equalsIgnoreCase(size));
  }

  String opPath(String opId) {
    return "/subscriptions/"
        + subscription
        + "/providers/Microsoft.Compute/locations/"
        + location
        + "/operations/"
        + opId
        + "?api-version="
        + COMPUTE_API;
  }

  ArmReply retryAfter(ArmReply reply) {
    return retryAfterSeconds > 0
        ? reply.withHeader("Retry-After", String.valueOf(retryAfterSeconds))
        : reply;
  }

  Clock clock() {
    return clock;
  }

  private ArmReply notFound(String type, String name) {
    return ArmReply.error(
        404,
        "ResourceNotFound",
        "The Resource 'Microsoft.Compute/"
            + type
            + "/"
            + name
            + "' under resource group '"
            + resourceGroup
            + "' was not found.");
  }
}
