package dev.stratus.provider.oci;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceQuote;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.spi.CarriesNodeCredentials;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.PlacementAware;
import dev.stratus.api.spi.PricesOfferings;
import dev.stratus.api.spi.ProviderCheck;
import dev.stratus.api.spi.ReservationAware;
import dev.stratus.api.spi.SweepsOwnResources;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Oracle Cloud Infrastructure Compute on the OCI Java SDK: one LaunchInstance per node (retry token
 * per node, Stratus's tags as freeform tags, the node's own user-data), compute clusters for RDMA,
 * capacity reservations and preemptible capacity per offering, placement from the compute hosts.
 * Settings: {@link OciSettings}; launch: {@link OciLauncher}.
 */
public final class OciNodeProvider
    implements NodeProvider,
        PlacementAware,
        ProviderCheck,
        CarriesNodeCredentials,
        SweepsOwnResources,
        PricesOfferings,
        ReservationAware {
  private final OciSettings settings;
  private final OciClients clients;
  private final OciApi api;
  private final OciInstanceQueries queries;
  private final OciComputeClusters clusters;
  private final OciTerminator terminator;
  private final OciLauncher launcher;
  private final OciPriceList prices;
  private final OciReservations reservations;

  /** {@code priceCalls}: the public price list's own, apart from the Compute API's breaker. */
  OciNodeProvider(
      OciSettings settings, ProviderCalls calls, ProviderCalls priceCalls, Clock clock) {
    this.settings = settings;
    this.clients = new OciClients(settings);
    this.api = new OciApi(clients, calls, settings.region());
    RecentLaunches recent = new RecentLaunches(settings.launchMemory(), clock);
    this.queries = new OciInstanceQueries(api, settings, recent);
    this.clusters = new OciComputeClusters(api, settings, queries, clock);
    this.terminator = new OciTerminator(api, queries, recent);
    this.launcher = new OciLauncher(api, settings, queries, clusters, terminator, recent);
    this.prices = new OciPriceList(settings.pricesEndpoint(), priceCalls, clock);
    this.reservations = new OciReservations(api, settings, clock);
  }

  /** GPU shapes from OCI's public price list ({@link OciPriceList}). */
  @Override
  public List<PriceQuote> prices(Collection<OfferingKey> offerings) {
    return prices.prices(offerings);
  }

  /** The compartment's compute capacity reservations ({@link OciReservations}). */
  @Override
  public List<CapacityReservation> reservations() {
    return reservations.all();
  }

  @Override
  public String name() {
    return OciSettings.PROVIDER;
  }

  @Override
  public List<Offering> offerings() {
    return settings.offerings();
  }

  /** When the user-data has the wrapping-token slot: each LaunchInstance carries its node's own. */
  @Override
  public boolean needsNodeCredentials() {
    return settings.wantsCredential();
  }

  @Override
  public LaunchResult launch(LaunchRequest request) {
    return launcher.launch(request);
  }

  @Override
  public List<Instance> list(String cluster) {
    return queries.byCluster(cluster);
  }

  @Override
  public Optional<Instance> get(String instanceId) {
    return queries.get(instanceId);
  }

  @Override
  public void terminate(Collection<String> instanceIds) {
    terminator.terminate(instanceIds);
  }

  @Override
  public Map<String, List<String>> placement(List<Instance> instances) {
    return new OciPlacement(api, settings).paths(instances);
  }

  /** The cluster's compute clusters that hold no live instance ({@link OciComputeClusters}). */
  @Override
  public void sweep(String cluster, List<Instance> live) {
    if (settings.computeClusters()) {
      clusters.sweep(cluster);
    }
  }

  @Override
  public List<Result> check() {
    return new OciCheck(api, settings).run();
  }

  @Override
  public void close() {
    clients.close();
  }
}
