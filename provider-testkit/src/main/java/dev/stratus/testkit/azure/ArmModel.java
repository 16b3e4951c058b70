package dev.stratus.testkit.azure;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stateful model of the slice of Azure Resource Manager that Stratus uses, in ARM's wire format
 * (api-version 2025-04-01 for Microsoft.Compute): VMs (PUT as a long-running operation with an
 * {@code Azure-AsyncOperation} header, GET with {@code $expand=instanceView} and the {@code
 * instanceView} sub-resource carrying provisioning and power state, paged list with {@code
 * nextLink}, DELETE answering 202/204), proximity placement groups, capacity reservation groups and
 * their reservations ({@link ArmReservationApi}: read-only paths, made by the tests' hooks), VM
 * sizes of the location, the resource group and the subnet. Requests are parsed and checked (bearer
 * token, api-version, location, size, subnet, spot fields, tag names, {@code $expand} without
 * {@code $filter} on a list), state changes, later calls see it. Operations go on whether or not
 * they are polled: each request to the model is a tick. Each operation answer carries a {@code
 * Retry-After} drawn from a range.
 *
 * <p>Tests can tell it: exhaust an offering (size × zone × priority: the create's operation fails
 * with {@code ZonalAllocationFailed}/{@code AllocationFailed}), restrict a size in a zone or a
 * size's spot capacity ({@code SkuNotAvailable}), fail the VM of a node, throttle the next N calls
 * or operation polls (429 with {@code Retry-After}), fail the next call or operation with a given
 * code, stop, deallocate or fail a VM, add latency, change the page size, deny every call (403
 * {@code AuthorizationFailed}).
 */
public final class ArmModel {
  public static final String COMPUTE_API = "2025-04-01";
  private static final String RG = "(?i)/subscriptions/([^/]+)/resourceGroups/([^/]+)";
  private static final Pattern VM =
      Pattern.compile(
          RG + "/providers/Microsoft\\.Compute/virtualMachines(?:/([^/]+)(/instanceView)?)?");
  private static final Pattern PPG =
      Pattern.compile(RG + "/providers/Microsoft\\.Compute/proximityPlacementGroups(?:/([^/]+))?");
  private static final Pattern CRG =
      Pattern.compile(
          RG
              + "/providers/Microsoft\\.Compute/capacityReservationGroups"
              + "(?:/([^/]+)(/capacityReservations(?:/([^/]+))?)?)?");
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
  private final ArmReservations reservations;
  private final ArmFaults faults = new ArmFaults();
  private final Deque<ObjectNode> failNextOperations = new ArrayDeque<>();
  private int pageSize = 2;
  private int retryAfterMin = 1;
  private int retryAfterMax = 1;
  private final Random random = new Random(42);
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
    this.reservations =
        new ArmReservations(
            "/subscriptions/" + subscription + "/resourceGroups/" + resourceGroup, location);
  }

  public ArmFaults faults() {
    return faults;
  }

  /** The next VM create's operation ends {@code Failed} with this code. */
  public synchronized void failNextOperation(String code, String message) {
    failNextOperations.add(ArmReply.errorBody(code, message));
  }

  /**
   * {@code request}'s answer, its VM create failing this way if it makes one (a PUT on a VM that
   * exists makes none): the failure never outlives the request, so it cannot land on another
   * client's create.
   */
  public synchronized <T> T withCreateFailing(String code, String message, Supplier<T> request) {
    ObjectNode failure = ArmReply.errorBody(code, message);
    failNextOperations.add(failure);
    try {
      return request.get();
    } finally {
      failNextOperations.remove(failure);
    }
  }

  public synchronized void pageSize(int n) {
    pageSize = n;
  }

  /** Seconds in {@code Retry-After}; 0 leaves the header out (the client's own interval rules). */
  public synchronized void retryAfterSeconds(int s) {
    retryAfterRange(s, s);
  }

  /** Each long-running-operation answer asks for a {@code Retry-After} drawn from this range. */
  public synchronized void retryAfterRange(int minSeconds, int maxSeconds) {
    retryAfterMin = minSeconds;
    retryAfterMax = maxSeconds;
  }

  /** How many requests to the model an operation outlives before it is done. */
  public synchronized void pollsBeforeDone(int n) {
    pollsBeforeDone = n;
  }

  int pollsBeforeDone() {
    return pollsBeforeDone;
  }

  public synchronized List<ObjectNode> vms() {
    return state.allVms();
  }

  /**
   * The VM's power changes as its owner, a policy or Azure would change it: {@code stopped}
   * (powered off, compute still billed) or {@code deallocated}; it keeps its disk and NIC.
   */
  public synchronized void power(String vm, String powerState) {
    state.power(vm, powerState);
  }

  /** The VM's last operation failed: {@code provisioningState: Failed}, as ARM leaves it. */
  public synchronized void fail(String vm) {
    state.fail(vm);
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

  /**
   * A Block capacity reservation (a group of {@code reservationType: Block} holding one
   * reservation) of {@code capacity} VMs of {@code size} in {@code zone} ("" for regional), taking
   * VMs from {@code start} to {@code end} by the model's clock, created at {@code start}; at its
   * end the model deletes the VMs allocated from it. Returns the reservation's ARM id.
   */
  public synchronized String reserveBlock(
      String group,
      String name,
      String size,
      String zone,
      int capacity,
      Instant start,
      Instant end) {
    var m = ArmReservations.newMember(group, name, size, zone, capacity, start, end, start);
    reservations.put(m, true);
    return reservations.memberId(m);
  }

  /** A Targeted capacity reservation, made now: it lasts until its group is deleted. */
  public synchronized String reserveTargeted(
      String group, String name, String size, String zone, int capacity) {
    Instant now = clock.instant();
    var m = ArmReservations.newMember(group, name, size, zone, capacity, null, null, now);
    reservations.put(m, false);
    return reservations.memberId(m);
  }

  /** The reservation's {@code provisioningState} ({@code Creating}, {@code Failed}, ...). */
  public synchronized void reservationProvisioningState(String group, String name, String state) {
    reservations.provisioningState(group, name, state);
  }

  /**
   * The group ends with its reservations, as when its owner deletes it: the VMs allocated from it
   * are deleted first (ARM refuses to delete a reservation that still has VMs).
   */
  public synchronized void deleteReservationGroup(String group) {
    for (ObjectNode vm : ArmReservationApi.inGroup(reservations, group, state.allVms())) {
      state.delete(vm.path("name").asText());
    }
    reservations.removeGroup(group);
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
    state.tick();
    endBlocks(clock.instant());
    boolean poll = OP.matcher(path).matches();
    ArmReply fault = poll ? faults.nextPoll() : faults.next(method, path);
    if (fault != null) {
      return fault;
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
      return m.group(3) == null
          ? ArmVmApi.list(this, state, query, base, pageSize)
          : ArmVmApi.vm(this, state, method, m.group(3), m.group(4), query, body, base);
    }
    if ((m = PPG.matcher(path)).matches() && scoped(m)) {
      return m.group(3) == null
          ? ArmPpgApi.list(state)
          : ArmPpgApi.ppg(this, state, method, m.group(3), body);
    }
    if ((m = CRG.matcher(path)).matches() && scoped(m)) {
      return ArmReservationApi.route(
          this,
          reservations,
          state.allVms(),
          method,
          m.group(3),
          m.group(4) != null,
          m.group(5),
          query);
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

  /** A Block reservation whose schedule has ended loses its VMs, as the cloud ends them. */
  private void endBlocks(Instant now) {
    for (String g : reservations.groupNames()) {
      for (var m : reservations.membersOf(g)) {
        if (m.block() && !now.isBefore(m.end())) {
          for (ObjectNode vm : ArmReservationApi.in(reservations, m, state.allVms())) {
            state.delete(vm.path("name").asText());
          }
        }
      }
    }
  }

  ArmReservations reservations() {
    return reservations;
  }

  private boolean scoped(Matcher m) {
    return m.group(1).equals(subscription) && m.group(2).equalsIgnoreCase(resourceGroup);
  }

  private ArmReply vmSizes(String loc) {
    ObjectNode page = ArmReply.JSON.createObjectNode();
    ArrayNode value = page.putArray("value");
    if (loc.equalsIgnoreCase(location)) {
      for (String s : new TreeSet<>(sizes)) {
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

  String vmId(String name) {
    return "/subscriptions/"
        + subscription
        + "/resourceGroups/"
        + resourceGroup
        + "/providers/Microsoft.Compute/virtualMachines/"
        + name;
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
    int seconds = retryAfterMin + random.nextInt(retryAfterMax - retryAfterMin + 1);
    return seconds > 0 ? reply.withHeader("Retry-After", String.valueOf(seconds)) : reply;
  }

  Clock clock() {
    return clock;
  }

  /** The failure injected for the next VM create's operation, if any. */
  ObjectNode nextOperationFailure() {
    return failNextOperations.poll();
  }

  ArmReply notFound(String type, String name) {
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
