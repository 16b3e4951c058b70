package dev.stratus.provider.aws;

import dev.stratus.api.model.BlockOffer;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceQuote;
import dev.stratus.api.model.Tags;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.spi.BlockMarket;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.PlacementAware;
import dev.stratus.api.spi.PricesOfferings;
import dev.stratus.api.spi.ProviderCheck;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.api.spi.ReservationAware;
import dev.stratus.api.spi.SweepsOwnResources;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.ec2.Ec2Client;
import software.amazon.awssdk.services.ec2.model.DescribeInstancesResponse;
import software.amazon.awssdk.services.ec2.model.Filter;
import software.amazon.awssdk.services.ec2.model.InstanceTopology;
import software.amazon.awssdk.services.ec2.model.Reservation;
import software.amazon.awssdk.services.pricing.PricingClient;

/**
 * EC2 (AWS SDK v2) as a {@link NodeProvider}. Settings: see {@link AwsSettings}. Launch: {@link
 * FleetLauncher}. The cluster's instances are found by the {@code stratus:cluster} tag (EC2 allows
 * ':' in tag keys, so our keys are used as they are). Reservations and Capacity Blocks: {@link
 * Ec2Reservations}, {@link Ec2BlockMarket}; a reserved offering launches into its reservation.
 */
public final class AwsNodeProvider
    implements NodeProvider,
        PlacementAware,
        ProviderCheck,
        SweepsOwnResources,
        PricesOfferings,
        ReservationAware,
        BlockMarket {
  static final int TERMINATE_BATCH = 1000;
  static final int TOPOLOGY_BATCH = 100;
  private final AwsSettings settings;
  private final Ec2Client ec2;
  private final Ec2Api api;
  private final PlacementGroups groups;
  private final FleetLauncher launcher;
  private final PricingClient pricing;
  private final AwsPrices prices;
  private final Ec2Reservations reservations;
  private final Ec2BlockMarket blocks;

  /**
   * {@code priceCalls} are the Price List API's own (its throttling must not open EC2's breaker);
   * the spot history is an EC2 call and shares {@code calls}.
   */
  AwsNodeProvider(
      AwsSettings settings,
      Ec2Client ec2,
      PricingClient pricing,
      ProviderCalls calls,
      ProviderCalls priceCalls,
      Clock clock) {
    this.settings = settings;
    this.ec2 = ec2;
    this.pricing = pricing;
    this.api = new Ec2Api(ec2, calls, settings.region());
    this.groups = new PlacementGroups(api);
    this.reservations =
        new Ec2Reservations(
            api, settings.region(), settings.pageSize(), settings.reservationsRefresh(), clock);
    this.blocks = new Ec2BlockMarket(api, settings.region(), reservations);
    this.launcher = new FleetLauncher(api, settings, groups, this::terminate, reservations, clock);
    this.prices =
        new AwsPrices(
            new AwsPriceList(pricing, priceCalls, settings.pricesRegion()),
            new SpotPriceHistory(api, settings.pageSize()),
            settings.region(),
            clock);
  }

  @Override
  public String name() {
    return AwsSettings.PROVIDER;
  }

  @Override
  public List<Offering> offerings() {
    return settings.offerings();
  }

  @Override
  public LaunchResult launch(LaunchRequest request) {
    return launcher.launch(request);
  }

  /**
   * The cluster's instances that still cost money, all pages: pending and running, and stopping and
   * stopped (their volumes are billed); shutting-down and terminated ones are left out.
   */
  @Override
  public List<Instance> list(String cluster) {
    return api
        .describe(
            settings.pageSize(),
            filter("tag:" + Tags.CLUSTER, cluster),
            filter("instance-state-name", "pending", "running", "stopping", "stopped"))
        .stream()
        .map(i -> Ec2Instances.toInstance(settings.region(), i))
        .toList();
  }

  /** Empty when EC2 does not know the id or the instance is shutting down or terminated. */
  @Override
  public Optional<Instance> get(String instanceId) {
    DescribeInstancesResponse response;
    try {
      response =
          api.call(
              "DescribeInstances", ec2 -> ec2.describeInstances(r -> r.instanceIds(instanceId)));
    } catch (ProviderException e) {
      if (e.error().code().startsWith("InvalidInstanceID.")) {
        return Optional.empty();
      }
      throw e;
    }
    return response.reservations().stream()
        .map(Reservation::instances)
        .flatMap(List::stream)
        .map(i -> Ec2Instances.toInstance(settings.region(), i))
        .filter(i -> i.state() != InstanceState.TERMINATED)
        .findFirst();
  }

  /**
   * TerminateInstances in batches. EC2 refuses a whole batch when one id is unknown or malformed
   * ({@code InvalidInstanceID.NotFound} / {@code .Malformed}): such a batch is retried one id at a
   * time, and an unknown id alone is success.
   */
  @Override
  public void terminate(Collection<String> instanceIds) {
    List<String> ids = List.copyOf(new LinkedHashSet<>(instanceIds));
    for (int from = 0; from < ids.size(); from += TERMINATE_BATCH) {
      List<String> batch = ids.subList(from, Math.min(ids.size(), from + TERMINATE_BATCH));
      if (!terminateBatch(batch) && batch.size() > 1) {
        batch.forEach(id -> terminateBatch(List.of(id)));
      }
    }
  }

  /** False when EC2 said an id of the batch is unknown (nothing in it was terminated then). */
  private boolean terminateBatch(List<String> batch) {
    try {
      api.call("TerminateInstances", ec2 -> ec2.terminateInstances(r -> r.instanceIds(batch)));
      return true;
    } catch (ProviderException e) {
      if (e.error().code().startsWith("InvalidInstanceID.")) {
        return false;
      }
      throw e;
    }
  }

  /**
   * DescribeInstanceTopology: each instance's three network nodes, from the top of the network to
   * the node it hangs on. Instances of types without topology data are absent from the answer.
   */
  @Override
  public Map<String, List<String>> placement(List<Instance> instances) {
    List<String> ids = instances.stream().map(Instance::id).distinct().toList();
    Map<String, List<String>> paths = new LinkedHashMap<>();
    for (int from = 0; from < ids.size(); from += TOPOLOGY_BATCH) {
      List<String> batch = ids.subList(from, Math.min(ids.size(), from + TOPOLOGY_BATCH));
      String token = null;
      do {
        String next = token;
        var page =
            api.call(
                "DescribeInstanceTopology",
                ec2 -> ec2.describeInstanceTopology(r -> r.instanceIds(batch).nextToken(next)));
        for (InstanceTopology t : page.instances()) {
          paths.put(t.instanceId(), List.copyOf(t.networkNodes()));
        }
        token = page.nextToken();
      } while (token != null && !token.isEmpty());
    }
    return paths;
  }

  /**
   * Deletes the cluster's placement groups that hold no live instance ({@link PlacementGroups}).
   * With {@code placementGroups: false} it creates none and sweeps none.
   */
  @Override
  public void sweep(String cluster, List<Instance> live) {
    if (settings.placementGroups()) {
      Set<String> used = new HashSet<>();
      live.forEach(i -> i.clientToken().ifPresent(t -> used.add(PlacementGroups.name(cluster, t))));
      groups.sweep(cluster, used);
    }
  }

  @Override
  public List<Result> check() {
    return new AwsCheck(api, settings).run();
  }

  /** On-demand from the Price List Query API, spot from DescribeSpotPriceHistory. */
  @Override
  public List<PriceQuote> prices(Collection<OfferingKey> offerings) {
    return prices.prices(offerings);
  }

  /** DescribeCapacityReservations, cached for {@code reservationsRefreshSeconds}. */
  @Override
  public List<CapacityReservation> reservations() {
    return reservations.all();
  }

  @Override
  public List<BlockOffer> offers(
      String instanceType,
      int instances,
      Duration duration,
      Instant earliestStart,
      Instant latestStart) {
    return blocks.offers(instanceType, instances, duration, earliestStart, latestStart);
  }

  @Override
  public CapacityReservation purchase(BlockOffer offer, boolean dryRun) {
    return blocks.purchase(offer, dryRun);
  }

  @Override
  public void close() {
    try {
      pricing.close();
    } finally {
      ec2.close();
    }
  }

  static Filter filter(String name, String... values) {
    return Filter.builder().name(name).values(values).build();
  }
}
