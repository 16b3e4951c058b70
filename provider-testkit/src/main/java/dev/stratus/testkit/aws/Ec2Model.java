package dev.stratus.testkit.aws;

import static dev.stratus.testkit.aws.Ec2Xml.el;

import dev.stratus.api.model.CapacityType;
import dev.stratus.testkit.aws.Ec2Xml.Ec2Error;
import dev.stratus.testkit.aws.Ec2Xml.Reply;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * A small, stateful EC2: instances, spot price history ({@link Ec2SpotPrices}), placement groups,
 * client tokens, capacity pools, capacity reservations ({@link Ec2CapacityReservations}, launched
 * into by {@link Ec2Runs}) and Capacity Blocks on sale ({@link Ec2Blocks}) in memory, answering the
 * Query protocol's actions in EC2's XML. Each Describe call is a clock tick: pending instances
 * become running, stopping ones stopped, shutting-down ones terminated (and stay visible as
 * terminated, as in EC2). Capacity is per pool (instance type × zone × market); a pool is unlimited
 * until {@link #exhaust} or {@link #limit} says otherwise; {@link Ec2Limits} holds what else a
 * fleet is refused for (unsupported type in a zone, vCPU limit, spot price). Thread-safe: WireMock
 * serves in parallel.
 */
public final class Ec2Model {
  static final Pattern INSTANCE_ID = Pattern.compile("i-[0-9a-f]{8}([0-9a-f]{9})?");

  /** A capacity pool. */
  public record Pool(String instanceType, String zone, CapacityType market) {}

  /** One instance row; mutable state and tags, as EC2's are. */
  static final class Row {
    final String id;
    final String type;
    final String zone;
    final String subnet;
    final boolean spot;
    final String group;
    final Instant launched;
    final String ip;
    final String userData;
    final int index;
    final Map<String, String> tags = new LinkedHashMap<>();
    String state = "pending";
    String reservation; // the capacity reservation it runs in, while it does
    String targeted; // the reservation its launch named
    boolean capacityBlock;

    Row(
        String id,
        String type,
        String zone,
        String subnet,
        boolean spot,
        String group,
        Instant launched,
        String ip,
        String userData,
        int index) {
      this.id = id;
      this.type = type;
      this.zone = zone;
      this.subnet = subnet;
      this.spot = spot;
      this.group = group;
      this.launched = launched;
      this.ip = ip;
      this.userData = userData;
      this.index = index;
    }
  }

  final Map<String, Row> instances = new LinkedHashMap<>();
  final Map<String, String> subnetZones = new HashMap<>();
  public final Map<String, Map<String, String>> groups = new LinkedHashMap<>();
  final ClientTokens fleetTokens = new ClientTokens();
  final Ec2Limits limits = new Ec2Limits();
  final Ec2SpotPrices spotPrices = new Ec2SpotPrices();
  final Set<Pool> exhausted = new HashSet<>();
  boolean outage; // while set, every pool is empty (Ec2Chaos: a passing capacity error)
  final Map<Pool, Integer> remaining = new HashMap<>();
  final List<QueryParams> requests = new ArrayList<>();
  private final AtomicLong ids = new AtomicLong(0x0abc000000000000L);
  private final Clock clock;
  private final Ec2Fleets fleets = new Ec2Fleets(this);
  final Ec2CapacityReservations reservations = new Ec2CapacityReservations();
  private final Ec2Blocks blocks = new Ec2Blocks();
  private final Ec2Runs runs = new Ec2Runs(this);

  public Ec2Model(Clock clock) {
    this.clock = clock;
  }

  /** Declares a subnet of a zone; CreateFleet overrides must name declared subnets. */
  public synchronized Ec2Model subnet(String subnetId, String zone) {
    subnetZones.put(subnetId, zone);
    return this;
  }

  /** From now on the pool has no capacity. */
  public synchronized void exhaust(Pool pool) {
    exhausted.add(pool);
  }

  /** From now on the pool can give {@code instances} more instances, then none. */
  public synchronized void limit(Pool pool, int instances) {
    remaining.put(pool, instances);
  }

  /** What else a fleet override is refused for: unsupported types, vCPU limits, spot prices. */
  public Ec2Limits limits() {
    return limits;
  }

  /** The spot price history DescribeSpotPriceHistory answers from. */
  public Ec2SpotPrices spotPrices() {
    return spotPrices;
  }

  /**
   * Stops an instance as its owner or EC2 would (a StopInstances, a spot interruption with the stop
   * behaviour): {@code stopping} now, {@code stopped} at the next tick. It keeps its volumes and
   * its tags, and it can still be terminated.
   */
  public synchronized void stop(String id) {
    Row r = instances.get(id);
    if (r.state.equals("pending") || r.state.equals("running")) {
      r.state = "stopping";
    }
  }

  /** The Capacity Blocks EC2 offers to sell ({@code DescribeCapacityBlockOfferings}). */
  public Ec2Blocks blocks() {
    return blocks;
  }

  /**
   * The account holds a reservation of {@code instances} instances of the type in the zone, from
   * {@code start} to {@code end}: a Capacity Block ({@code capacityBlock}, already paid) or a
   * targeted On-Demand Capacity Reservation ({@code end} null: no end date). Returns its id.
   */
  public synchronized String reserve(
      String instanceType,
      String zone,
      int instances,
      Instant start,
      Instant end,
      boolean capacityBlock) {
    var h =
        reservations.add(
            new Ec2CapacityReservations.Spec(instanceType, zone, instances, capacityBlock),
            start,
            end,
            clock.instant());
    h.paid = true;
    return h.id;
  }

  /**
   * The reservation's window closes now, as EC2's clock would have it: it is {@code expired}, a
   * block's instances are terminated, an ODCR's run on outside it.
   */
  public synchronized void endReservation(String id) {
    var h = reservations.get(id);
    Instant now = clock.instant();
    h.forcedExpired = true;
    if (h.end == null || h.end.isAfter(now)) {
      h.end = now.isAfter(h.start) ? Ec2CapacityReservations.millis(now) : h.end;
    }
    reservations.advance(now, instances.values());
  }

  /** The reservation an instance runs in, if any. */
  public synchronized Optional<String> reservationOf(String instanceId) {
    return Optional.ofNullable(instances.get(instanceId).reservation);
  }

  /** Every request the model answered, in order, parsed. */
  public synchronized List<QueryParams> requests() {
    return List.copyOf(requests);
  }

  public synchronized List<QueryParams> requests(String action) {
    return requests.stream().filter(r -> r.action().equals(action)).toList();
  }

  /** Instances not yet terminated (pending, running, shutting-down). */
  public synchronized List<String> liveInstanceIds() {
    return instances.values().stream()
        .filter(r -> !r.state.equals("terminated") && !r.state.equals("shutting-down"))
        .map(r -> r.id)
        .toList();
  }

  public synchronized Map<String, String> tagsOf(String id) {
    return Map.copyOf(instances.get(id).tags);
  }

  public synchronized Optional<String> groupOf(String id) {
    return Optional.ofNullable(instances.get(id).group);
  }

  public synchronized Optional<String> userDataOf(String id) {
    return Optional.ofNullable(instances.get(id).userData);
  }

  public synchronized Set<String> placementGroups() {
    return Set.copyOf(groups.keySet());
  }

  /** Logs a request answered by a fault instead of the model. */
  synchronized void record(QueryParams q) {
    requests.add(q);
  }

  synchronized Reply handle(QueryParams q) {
    requests.add(q);
    try {
      if (!q.get("Version").orElse("").equals("2016-11-15")) {
        throw Ec2Error.invalid("InvalidParameterValue", "Version must be 2016-11-15");
      }
      Instant now = clock.instant();
      reservations.advance(now, instances.values());
      if (q.action().equals("PurchaseCapacityBlock")) {
        return blocks.purchase(q, now, reservations); // checks the offering before DryRun
      }
      if (q.flag("DryRun")) {
        return Ec2Xml.error(
            412, "DryRunOperation", "Request would have succeeded, but DryRun flag is set.");
      }
      return switch (q.action()) {
        case "CreateFleet" -> fleets.create(q);
        case "DescribeInstances" -> Ec2Describe.instances(this, q);
        case "DescribeInstanceTopology" -> Ec2Describe.topology(this, q);
        case "DescribeSpotPriceHistory" -> spotPrices.describe(q);
        case "DescribeCapacityReservations" -> reservations.describe(q, now, instances.values());
        case "DescribeCapacityBlockOfferings" -> blocks.describe(q, now);
        case "RunInstances" -> runs.run(q, now);
        case "TerminateInstances" -> terminate(q);
        case "CreateTags" -> createTags(q);
        case "CreatePlacementGroup" -> Ec2Groups.create(this, q);
        case "DeletePlacementGroup" -> Ec2Groups.delete(this, q);
        case "DescribePlacementGroups" -> Ec2Groups.describe(this, q);
        default ->
            Ec2Xml.error(
                400,
                "InvalidAction",
                "The action " + q.action() + " is not valid for this web service.");
      };
    } catch (Ec2Error e) {
      return e.reply();
    }
  }

  Row launch(
      String type,
      String subnet,
      boolean spot,
      String group,
      String userData,
      Map<String, String> tags) {
    long n = ids.incrementAndGet();
    String id = String.format("i-%017x", n);
    int index = instances.size();
    Row row =
        new Row(
            id,
            type,
            subnetZones.get(subnet),
            subnet,
            spot,
            group,
            clock.instant(),
            "10.0." + (index / 250) + "." + (index % 250 + 4),
            userData,
            index);
    row.tags.putAll(tags);
    instances.put(id, row);
    return row;
  }

  /** What time does between two Describes: pending, stopping, shutting-down move on. */
  void tick() {
    for (Row r : instances.values()) {
      r.state =
          switch (r.state) {
            case "pending" -> "running";
            case "stopping" -> "stopped";
            case "shutting-down" -> "terminated";
            default -> r.state;
          };
    }
  }

  /** The rows of {@code ids}; any malformed or unknown id fails the whole call, as in EC2. */
  List<Row> rows(List<String> ids) {
    List<String> malformed = ids.stream().filter(i -> !INSTANCE_ID.matcher(i).matches()).toList();
    if (!malformed.isEmpty()) {
      throw Ec2Error.invalid(
          "InvalidInstanceID.Malformed", "Invalid id: \"" + malformed.get(0) + "\"");
    }
    List<String> unknown = ids.stream().filter(i -> !instances.containsKey(i)).toList();
    if (!unknown.isEmpty()) {
      throw Ec2Error.invalid(
          "InvalidInstanceID.NotFound",
          "The instance IDs '" + String.join(", ", unknown) + "' do not exist");
    }
    return ids.stream().map(instances::get).toList();
  }

  static int code(String state) {
    return switch (state) {
      case "pending" -> 0;
      case "running" -> 16;
      case "shutting-down" -> 32;
      case "terminated" -> 48;
      case "stopping" -> 64;
      default -> 80;
    };
  }

  static String state(String name) {
    return el("code", code(name)) + el("name", name);
  }

  private Reply terminate(QueryParams q) {
    List<Row> rows = rows(q.list("InstanceId"));
    StringBuilder s = new StringBuilder("<instancesSet>");
    for (Row r : rows) {
      String previous = r.state;
      if (!previous.equals("terminated")) {
        r.state = "shutting-down";
      }
      s.append("<item>")
          .append(el("instanceId", r.id))
          .append("<currentState>")
          .append(state(r.state))
          .append("</currentState>")
          .append("<previousState>")
          .append(state(previous))
          .append("</previousState></item>");
    }
    return Ec2Xml.ok("TerminateInstances", s.append("</instancesSet>").toString());
  }

  private Reply createTags(QueryParams q) {
    Map<String, String> tags = q.tags("Tag");
    for (String resource : q.list("ResourceId")) {
      rows(List.of(resource)).get(0).tags.putAll(tags);
    }
    return Ec2Xml.ok("CreateTags", el("return", true));
  }
}
