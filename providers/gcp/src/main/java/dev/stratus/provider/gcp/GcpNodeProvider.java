package dev.stratus.provider.gcp;

import com.google.cloud.compute.v1.Instance;
import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceQuote;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.resilience.ResilienceSettings;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.PlacementAware;
import dev.stratus.api.spi.PricesOfferings;
import dev.stratus.api.spi.ProviderCheck;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.ReservationAware;
import dev.stratus.api.spi.SweepsOwnResources;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Google Compute Engine on the {@code google-cloud-compute} REST client.
 *
 * <p>Settings ({@code providers.gcp} in stratus.yaml):
 *
 * <ul>
 *   <li>{@code project}, {@code region} (required).
 *   <li>{@code offerings}: list of {@code {zone, machineType, capacityType: ON_DEMAND|SPOT|FLEX}}
 *       ({@code maxRun} for flex, 10m to 7d), plus {@code pricePerHour} (else the bundled price
 *       table) and, for a machine type outside the A3/A2 catalog, {@code gpuModel, gpus, cpus,
 *       memoryMiB, acceleratorType, acceleratorCount} (N1 with {@code guestAccelerators}); {@code
 *       gpuModel} may override the catalog's name.
 *   <li>{@code network} (default {@code global/networks/default}), {@code subnetwork} (e.g. {@code
 *       regions/us-central1/subnetworks/gpu}); nodes get no external address.
 *   <li>{@code image} (default Debian 12 family), {@code bootDiskGb} (200), {@code bootDiskType}
 *       ({@code pd-ssd}), {@code serviceAccount} (e-mail, cloud-platform scope).
 *   <li>{@code startupScript} and {@code userData} (metadata {@code startup-script} and {@code
 *       user-data}, passed through), {@code metadata} (more items).
 *   <li>{@code compactPlacement} (default true): multi-node all-or-nothing launches share a
 *       COLLOCATED placement policy.
 *   <li>{@code endpoint} (tests and emulators only), {@code credentialsFile} (a service-account
 *       key; else Application Default Credentials), {@code noCredentials} (only with {@code
 *       endpoint}), {@code operationPollMillis} (1000), {@code operationTimeoutSeconds} (900).
 *   <li>{@code maxRetryAfterSeconds} (60): the longest {@code Retry-After} of a throttled answer
 *       that a call waits for; a longer one defers the work to a later pass.
 *   <li>{@code reservationsRefreshSeconds} (60): how often the zones' reservations and future
 *       reservations are read again (each reserved launch refused for its reservation also forces a
 *       read).
 *   <li>{@code pricesApiKeyFile}: a file holding an API key for the Cloud Billing Catalog (else the
 *       provider's credentials are used); {@code pricesEndpoint}: its endpoint (tests).
 * </ul>
 *
 * Tags are labels (see {@link GcpLabels}); the node is carried by the instance name (see {@link
 * InstanceNames}); instance ids are {@code <zone>/<name>}.
 */
public final class GcpNodeProvider
    implements NodeProvider,
        PlacementAware,
        ProviderCheck,
        SweepsOwnResources,
        PricesOfferings,
        ReservationAware {
  private static final PriceTable PRICES = PriceTable.bundled();
  private final GcpSettings settings;
  private final GcpClients clients;
  private final ProviderCalls calls;
  private final GcpInstanceQueries queries;
  private final GcpLauncher launcher;
  private final PlacementPolicies policies;
  private final Clock clock;
  private final GcpBillingCatalog catalog;
  private final GcpPrices prices;
  private final GcpReservations reservations;

  public GcpNodeProvider(ProviderContext context) {
    this(context, ResilienceSettings.DEFAULTS);
  }

  /** With explicit retry and breaker settings ({@link ResilienceSettings#fast()} in tests). */
  public GcpNodeProvider(ProviderContext context, ResilienceSettings resilience) {
    this.settings = GcpSettings.parse(context.settings(), PRICES);
    this.clients = new GcpClients(settings);
    this.calls =
        new ProviderCalls(
            GcpOffering.PROVIDER,
            settings.maxRetryAfter().map(resilience::withMaxRetryAfter).orElse(resilience),
            context.clock());
    this.queries = new GcpInstanceQueries(settings, clients.instances, calls);
    this.policies = new PlacementPolicies(settings, clients, calls);
    this.clock = context.clock();
    this.reservations =
        new GcpReservations(settings, clients, calls, clock, settings.reservationsRefresh());
    this.launcher = new GcpLauncher(settings, clients, calls, queries, policies, reservations);
    this.catalog =
        GcpBillingCatalog.create(settings, new ProviderCalls("gcp-prices", resilience, clock));
    this.prices = new GcpPrices(catalog, clock);
  }

  /** From the Cloud Billing Catalog's Compute Engine SKUs ({@link GcpSkuPrices}). */
  @Override
  public List<PriceQuote> prices(Collection<OfferingKey> offerings) {
    return prices.prices(offerings);
  }

  @Override
  public String name() {
    return GcpOffering.PROVIDER;
  }

  /**
   * The configured offerings, then one reserved offering per reservation of a configured zone and
   * machine type ({@link ReservedOfferings}) among those {@link #reservations} last read. It never
   * calls the cloud: the controller reads the reservations each pass, and a test or a pass that has
   * not yet done so sees the configured offerings only.
   */
  @Override
  public List<Offering> offerings() {
    List<Offering> all = new ArrayList<>();
    settings.offerings().forEach(o -> all.add(o.offering()));
    all.addAll(ReservedOfferings.of(settings.offerings(), views(reservations.known()), PRICES));
    return all;
  }

  /**
   * The reservations and calendar-mode future reservations of the configured zones ({@link
   * ReservationViews}), read at most once per {@code reservationsRefreshSeconds}.
   */
  @Override
  public List<CapacityReservation> reservations() {
    return views(reservations.current());
  }

  /** A reserved launch GCE refuses for its reservation is {@code ReservationClosed}. */
  @Override
  public LaunchResult launch(LaunchRequest request) {
    return ReservationRefusals.typed(
        launcher.launch(request), request.offering().key().reservation(), reservations::invalidate);
  }

  private static List<CapacityReservation> views(List<GcpReservation> all) {
    return all.stream().map(GcpReservation::view).toList();
  }

  @Override
  public List<dev.stratus.api.model.Instance> list(String cluster) {
    return queries.byCluster(cluster).stream().map(InstanceViews::toInstance).toList();
  }

  @Override
  public Optional<dev.stratus.api.model.Instance> get(String instanceId) {
    return fetch(instanceId).map(InstanceViews::toInstance);
  }

  @Override
  public void terminate(Collection<String> instanceIds) {
    new GcpTerminator(settings, clients, calls).terminate(instanceIds);
  }

  /** {@code resourceStatus.physicalHost} {@code /cluster/rack/host} → {@code [cluster, rack]}. */
  @Override
  public Map<String, List<String>> placement(List<dev.stratus.api.model.Instance> instances) {
    Map<String, List<String>> paths = new LinkedHashMap<>();
    for (var i : instances) {
      fetch(i.id()).flatMap(InstanceViews::placement).ifPresent(p -> paths.put(i.id(), p));
    }
    return paths;
  }

  /**
   * Deletes the cluster's compact placement policies no instance uses any more ({@link
   * PlacementPolicies#sweep}). With {@code compactPlacement: false} it creates none and sweeps
   * none.
   */
  @Override
  public void sweep(String cluster, List<dev.stratus.api.model.Instance> live) {
    if (settings.compactPlacement()) {
      policies.sweep(cluster, live, clock.instant());
    }
  }

  @Override
  public List<Result> check() {
    return new GcpChecks(settings, clients, calls).run();
  }

  @Override
  public void close() {
    catalog.close();
    clients.close();
  }

  private Optional<Instance> fetch(String id) {
    return InstanceNames.parseId(id).flatMap(p -> queries.get(p[0], p[1]));
  }
}
