package dev.stratus.testkit.oci;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The state of a small OCI region (Core Services API 20160918) as strict as the service where
 * Stratus leans on it: one tenancy, compartment, subnet and image; GPU shapes in three availability
 * domains with host capacity per (shape, AD) that can run out ({@code 500 InternalError} "Out of
 * host capacity."), service limits per shape ({@code 400 LimitExceeded}); {@code opc-retry-token}
 * idempotency (same token and body: the first answer again; same token, other body: {@code 409
 * Conflict}); ListInstances eventually consistent (an instance is listed {@code listLag} after its
 * launch, GetInstance knows it at once); compute capacity reservations (CREATING until their start,
 * then ACTIVE, full at their reserved count, deleted with their instances by a test); preemptible
 * capacity refused for bare-metal shapes and with a reservation; compute clusters and hosts ({@link
 * OciComputeModel}).
 */
public final class OciModel {
  public static final String TENANCY = "ocid1.tenancy.oc1..aaaastratustenancy";
  public static final String COMPARTMENT = "ocid1.compartment.oc1..aaaastratuscompartment";
  public static final String SUBNET = "ocid1.subnet.oc1.iad.aaaastratussubnet";
  public static final String IMAGE = "ocid1.image.oc1.iad.aaaastratusgpuimage";
  public static final List<String> ADS =
      List.of("Uocm:US-ASHBURN-AD-1", "Uocm:US-ASHBURN-AD-2", "Uocm:US-ASHBURN-AD-3");
  static final Set<String> SHAPES =
      Set.of("BM.GPU.H100.8", "BM.GPU.A100-v2.8", "BM.GPU4.8", "VM.GPU.A10.1");

  /** Where host capacity comes from. */
  public record Pool(String shape, String ad) {}

  /**
   * A compute capacity reservation: CREATING until {@code activeFrom}, then ACTIVE, unless a test
   * set its {@code lifecycleState}; {@code faultDomain} may be null (any fault domain).
   */
  record Reservation(
      String id,
      String ad,
      String shape,
      String faultDomain,
      int reserved,
      Instant created,
      Instant activeFrom,
      String lifecycleState,
      Map<String, String> freeformTags) {
    String state(Instant now) {
      return lifecycleState != null
          ? lifecycleState
          : now.isBefore(activeFrom) ? "CREATING" : "ACTIVE";
    }

    Reservation in(String state) {
      return new Reservation(
          id, ad, shape, faultDomain, reserved, created, activeFrom, state, freeformTags);
    }
  }

  private final Clock clock;
  private final Map<String, OciVm> vms = new LinkedHashMap<>();
  private final Map<String, Tokened> tokens = new HashMap<>();
  private final Map<Pool, Integer> hostsLeft = new HashMap<>();
  private final Map<String, Integer> serviceLimits = new HashMap<>();
  private final Map<String, Reservation> reservations = new HashMap<>();
  private final Set<String> failingNames = new LinkedHashSet<>();
  final OciComputeModel compute = new OciComputeModel();
  private Duration listLag = Duration.ZERO;
  private int listLagCalls;
  private Duration provisioning = Duration.ZERO;
  private Duration terminating = Duration.ZERO;

  private record Tokened(JsonNode body, OciReply reply) {}

  public OciModel(Clock clock) {
    this.clock = clock;
  }

  public synchronized void listLag(Duration lag) {
    this.listLag = lag;
  }

  /** A new instance is left out of its first {@code calls} ListInstances answers. */
  public synchronized void listLagCalls(int calls) {
    this.listLagCalls = calls;
  }

  public synchronized void lifecycle(Duration provisioning, Duration terminating) {
    this.provisioning = provisioning;
    this.terminating = terminating;
  }

  /** No host left in the pool: every launch there is out of host capacity. */
  public synchronized void exhaust(Pool pool) {
    hostsLeft.put(pool, 0);
  }

  public synchronized void hostsLeft(Pool pool, int hosts) {
    hostsLeft.put(pool, hosts);
  }

  /** Launches of an instance with this display name run out of host capacity. */
  public synchronized void failLaunchesNamed(String displayName) {
    failingNames.add(displayName);
  }

  /** At most {@code count} live instances of {@code shape} in the tenancy. */
  public synchronized void serviceLimit(String shape, int count) {
    serviceLimits.put(shape, count);
  }

  /** An ACTIVE reservation of {@code reserved} instances of {@code shape} in {@code ad}. */
  public synchronized void reservation(String id, String ad, String shape, int reserved) {
    reservation(id, ad, shape, null, reserved, clock.instant(), Map.of());
  }

  /**
   * A reservation as OCI would show one asked for at {@code from}: made then and ACTIVE when {@code
   * from} has passed; asked for a later {@code from}, made now and CREATING until then.
   */
  public synchronized void reservation(
      String id,
      String ad,
      String shape,
      String faultDomain,
      int reserved,
      Instant from,
      Map<String, String> freeformTags) {
    Instant now = clock.instant();
    Instant created = from.isAfter(now) ? now : from;
    reservations.put(
        id,
        new Reservation(
            id, ad, shape, faultDomain, reserved, created, from, null, Map.copyOf(freeformTags)));
  }

  /** The reservation's lifecycleState from now on (UPDATING, MOVING, FAILED, ...). */
  public synchronized void reservationState(String id, String lifecycleState) {
    reservations.computeIfPresent(id, (k, r) -> r.in(lifecycleState));
  }

  /**
   * The reservation is deleted, as at the end of its owner's commitment: its instances are
   * terminated and it stays listed (and readable) as DELETED, as OCI shows deleted resources for a
   * while.
   */
  public synchronized void deleteReservation(String id) {
    vms.values().stream()
        .filter(v -> id.equals(v.capacityReservationId) && v.holdsCapacity())
        .map(v -> v.id)
        .toList()
        .forEach(this::terminate);
    reservationState(id, "DELETED");
  }

  /** Ids of instances neither terminating nor terminated. */
  public synchronized List<String> liveIds() {
    return vms.values().stream().filter(OciVm::holdsCapacity).map(v -> v.id).toList();
  }

  public synchronized Map<String, String> tagsOf(String id) {
    return vms.get(id).freeformTags;
  }

  /** The user-data a launched instance got, decoded. */
  public synchronized String userDataOf(String id) {
    String b64 = vms.get(id).metadata.get("user_data");
    return b64 == null ? null : new String(Base64.getDecoder().decode(b64));
  }

  public synchronized String computeClusterOf(String id) {
    return vms.get(id).computeClusterId;
  }

  public synchronized int computeClusters() {
    return compute.clusters(Map.of()).size();
  }

  synchronized OciReply launch(String token, JsonNode d) {
    if (token != null && token.length() > 64) {
      return OciReply.invalid("opc-retry-token must be at most 64 characters");
    }
    OciReply replayed = replayed("LaunchInstance", token, d);
    if (replayed != null) {
      return replayed;
    }
    OciReply refused = OciLaunchRules.refuse(d, this);
    if (refused != null) {
      return refused;
    }
    Pool pool = new Pool(d.path("shape").asText(), d.path("availabilityDomain").asText());
    String reservation = d.path("capacityReservationId").asText(null);
    if (failingNames.contains(d.path("displayName").asText())
        || hostsLeft.getOrDefault(pool, Integer.MAX_VALUE) <= 0
        || (reservation != null && reservedLeft(reservation) <= 0)) {
      return OciReply.outOfCapacity();
    }
    Integer limit = serviceLimits.get(pool.shape());
    if (limit != null && count(v -> v.shape.equals(pool.shape())) >= limit) {
      return OciReply.error(
          400,
          "LimitExceeded",
          "The following service limits were exceeded: "
              + pool.shape().toLowerCase(Locale.ROOT)
              + "-count. Request a service limit increase from the service limits page in the console.");
    }
    hostsLeft.computeIfPresent(pool, (p, n) -> n - 1);
    OciVm vm =
        new OciVm(
            OciComputeModel.ocid("instance"),
            d,
            tags(d.path("freeformTags")),
            tags(d.path("metadata")),
            clock.instant(),
            listLag,
            provisioning,
            terminating);
    vm.listedAfterCalls = listLagCalls;
    vms.put(vm.id, vm);
    compute.place(vm);
    OciReply reply = OciReply.ok(OciJson.instance(vm, clock.instant()));
    remember("LaunchInstance", token, d, reply);
    return reply;
  }

  synchronized OciReply listInstances(Map<String, String> q) {
    if (!COMPARTMENT.equals(q.get("compartmentId"))) {
      return OciReply.notFound();
    }
    Instant now = clock.instant();
    List<OciVm> listed = new ArrayList<>();
    for (OciVm vm : vms.values()) {
      if (vm.listed(now)
          && (!q.containsKey("computeClusterId")
              || q.get("computeClusterId").equals(vm.computeClusterId))
          && (!q.containsKey("availabilityDomain") || q.get("availabilityDomain").equals(vm.ad))
          && (!q.containsKey("lifecycleState") || q.get("lifecycleState").equals(vm.state(now)))) {
        listed.add(vm);
      }
    }
    listed.sort(Comparator.comparing((OciVm v) -> v.created).thenComparing(v -> v.id));
    return OciJson.page(listed, q, v -> OciJson.instance(v, now), a -> a);
  }

  synchronized OciReply getInstance(String id) {
    OciVm vm = vms.get(id);
    return vm == null ? OciReply.notFound() : OciReply.ok(OciJson.instance(vm, clock.instant()));
  }

  synchronized OciReply terminate(String id) {
    OciVm vm = vms.get(id);
    if (vm == null) {
      return OciReply.notFound();
    }
    if ("TERMINATED".equals(vm.state(clock.instant()))) {
      return OciReply.error(409, "IncorrectState", "Instance " + id + " is already terminated.");
    }
    if (vm.terminatedAt == null) {
      vm.terminatedAt = clock.instant();
      compute.release(id);
    }
    return OciReply.noContent();
  }

  synchronized OciReply createCluster(String token, JsonNode d) {
    OciReply replayed = replayed("CreateComputeCluster", token, d);
    if (replayed != null) {
      return replayed;
    }
    OciReply reply = compute.create(d, clock.instant());
    remember("CreateComputeCluster", token, d, reply);
    return reply;
  }

  synchronized OciReply deleteCluster(String id) {
    return compute.delete(
        id,
        vms.values().stream().anyMatch(v -> id.equals(v.computeClusterId) && v.holdsCapacity()));
  }

  synchronized OciReply reservationReply(String id) {
    Reservation r = reservations.get(id);
    if (r == null) {
      return OciReply.notFound();
    }
    return OciReply.ok(
        OciResources.reservation(r, r.state(clock.instant()), r.reserved() - reservedLeft(id)));
  }

  /** ListComputeCapacityReservations: the compartment's, by AD and state if asked, oldest first. */
  synchronized OciReply listReservations(Map<String, String> q) {
    if (!COMPARTMENT.equals(q.get("compartmentId"))) {
      return OciReply.notFound();
    }
    Instant now = clock.instant();
    List<Reservation> listed =
        reservations.values().stream()
            .filter(
                r ->
                    !q.containsKey("availabilityDomain")
                        || q.get("availabilityDomain").equals(r.ad()))
            .filter(
                r ->
                    !q.containsKey("lifecycleState")
                        || q.get("lifecycleState").equals(r.state(now)))
            .sorted(Comparator.comparing(Reservation::created).thenComparing(Reservation::id))
            .toList();
    return OciJson.page(
        listed,
        q,
        r -> OciResources.reservationSummary(r, r.state(now), r.reserved() - reservedLeft(r.id())),
        a -> a);
  }

  synchronized String reservationState(String id) {
    return reservations.get(id).state(clock.instant());
  }

  synchronized Reservation reservationOf(String id) {
    return reservations.get(id);
  }

  /**
   * The first answer to {@code operation} with this retry token when the body is the same, {@code
   * 409 Conflict} when it is not, {@code null} for a token not used yet (only successes are kept: a
   * failed call may be retried with its token).
   */
  private OciReply replayed(String operation, String token, JsonNode body) {
    Tokened earlier = token == null ? null : tokens.get(operation + ":" + token);
    if (earlier == null) {
      return null;
    }
    return earlier.body().equals(body)
        ? earlier.reply()
        : OciReply.error(
            409, "Conflict", "The retry token was already used with different request parameters.");
  }

  private void remember(String operation, String token, JsonNode body, OciReply reply) {
    if (token != null && reply.success()) {
      tokens.put(operation + ":" + token, new Tokened(body, reply));
    }
  }

  private int reservedLeft(String id) {
    Reservation r = reservations.get(id);
    return r == null ? 0 : r.reserved() - count(v -> id.equals(v.capacityReservationId));
  }

  private int count(Predicate<OciVm> which) {
    return (int) vms.values().stream().filter(OciVm::holdsCapacity).filter(which).count();
  }

  static Map<String, String> tags(JsonNode o) {
    Map<String, String> m = new LinkedHashMap<>();
    o.properties().forEach(e -> m.put(e.getKey(), e.getValue().asText()));
    return m;
  }
}
