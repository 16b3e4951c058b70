package dev.stratus.provider.azure;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceQuote;
import dev.stratus.api.model.Tags;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.resilience.ResilienceSettings;
import dev.stratus.api.spi.CarriesNodeCredentials;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.PlacementAware;
import dev.stratus.api.spi.PricesOfferings;
import dev.stratus.api.spi.ProviderCheck;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.ReservationAware;
import dev.stratus.api.spi.SweepsOwnResources;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Azure virtual machines through the generated Resource Manager client: one PUT per VM with its NIC
 * inline, spot with {@code evictionPolicy=Delete}, a proximity placement group per multi-node
 * launch, Stratus's tags on every VM (Azure tag names may contain ':', so our keys are used as they
 * are). A reserved offering's VMs go into its reservation's capacity reservation group ({@link
 * AzureReservations}). Settings: see {@link AzureSettings}; offerings: see {@link AzureOfferings}.
 */
public final class AzureNodeProvider
    implements NodeProvider,
        PlacementAware,
        ProviderCheck,
        CarriesNodeCredentials,
        SweepsOwnResources,
        PricesOfferings,
        ReservationAware {
  private final AzureSettings settings;
  private final List<Offering> offerings;
  private final ArmCalls arm;
  private final AzureClients clients;
  private final AzureLauncher launcher;
  private final AzureTerminator terminator;
  private final AzurePlacementGroups groups;
  private final AzurePowerStates powerStates;
  private final Clock clock;
  private final AzureRetailPrices prices;
  private final AzureReservations reservations;

  /** Production: the SDK's credential chain or the configured service principal. */
  public static AzureNodeProvider create(ProviderContext context) {
    AzureSettings settings = AzureSettings.parse(context.settings());
    return new AzureNodeProvider(
        context, ResilienceSettings.DEFAULTS, AzureConnection.production(settings));
  }

  public AzureNodeProvider(
      ProviderContext context, ResilienceSettings resilience, AzureConnection connection) {
    this.settings = AzureSettings.parse(context.settings());
    this.offerings =
        AzureOfferings.parse(context.settings(), settings.location(), PriceTable.bundled());
    this.clock = context.clock();
    ResilienceSettings effective =
        settings.maxRetryAfter().map(resilience::withMaxRetryAfter).orElse(resilience);
    this.clients = AzureClients.connect(settings, connection, effective);
    this.arm = new ArmCalls(clients, settings, new ProviderCalls("azure", effective, clock));
    this.powerStates = new AzurePowerStates(arm, settings.powerStateChecksPerList(), clock);
    var reservationCalls = new ArmReservationCalls(arm, clients, settings.resourceGroup());
    this.reservations = new AzureReservations(reservationCalls::all, settings.location(), clock);
    this.launcher = new AzureLauncher(arm, settings, clock, reservations::reservationOf);
    this.groups = new AzurePlacementGroups(arm, clock);
    this.terminator = new AzureTerminator(arm, groups);
    this.prices =
        new AzureRetailPrices(
            AzureSettings.pricesEndpoint(context.settings()),
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build(),
            new ProviderCalls("azure-prices", resilience),
            clock);
  }

  /** Live prices from the Retail Prices API ({@link AzureRetailPrices}). */
  @Override
  public List<PriceQuote> prices(Collection<OfferingKey> offerings) {
    return prices.prices(offerings);
  }

  /**
   * The capacity reservations of the resource group's reservation groups ({@link
   * AzureReservations}: listed at most once a minute, windows from a Block's schedule).
   */
  @Override
  public List<CapacityReservation> reservations() {
    return reservations.all();
  }

  @Override
  public String name() {
    return AzureOfferings.PROVIDER;
  }

  /** When its user-data has the wrapping-token slot: each VM is created with its own. */
  @Override
  public boolean needsNodeCredentials() {
    return launcher.wantsCredential();
  }

  @Override
  public List<Offering> offerings() {
    return offerings;
  }

  @Override
  public LaunchResult launch(LaunchRequest request) {
    return launcher.launch(request);
  }

  /**
   * The cluster's VMs (by tag) that still cost money: all but those being deleted; a VM that failed
   * to provision, or that {@link AzurePowerStates} found stopped or deallocated, is {@code
   * STOPPED}.
   */
  @Override
  public List<Instance> list(String cluster) {
    var all = arm.listVms();
    var ours =
        all.stream()
            .filter(vm -> vm.tags() != null && cluster.equals(vm.tags().get(Tags.CLUSTER)))
            .toList();
    Map<String, String> power = powerStates.refresh(ours, all);
    return ours.stream()
        .flatMap(
            vm ->
                VmMapping.toInstance(
                    vm,
                    Optional.ofNullable(power.get(AzurePowerStates.key(vm.name()))),
                    clock.instant(),
                    reservations::reservationOf)
                    .stream())
        .toList();
  }

  /** With the VM's instance view, so that its power state counts. */
  @Override
  public Optional<Instance> get(String instanceId) {
    if (!AzureNames.isVmName(instanceId)) {
      return Optional.empty();
    }
    return arm.getVm(instanceId, true)
        .flatMap(vm -> VmMapping.toInstance(vm, clock.instant(), reservations::reservationOf));
  }

  @Override
  public void terminate(Collection<String> instanceIds) {
    terminator.terminate(instanceIds);
  }

  /** Path per instance: zone (or region), proximity placement group, fault domain within it. */
  @Override
  public Map<String, List<String>> placement(List<Instance> instances) {
    var result = new LinkedHashMap<String, List<String>>();
    for (Instance i : instances) {
      arm.getVm(i.id(), true).ifPresent(vm -> result.put(i.id(), AzurePlacement.path(vm)));
    }
    return result;
  }

  /** The cluster's empty proximity placement groups ({@link AzurePlacementGroups#sweep}). */
  @Override
  public void sweep(String cluster, List<Instance> live) {
    groups.sweep(cluster, live);
  }

  @Override
  public List<Result> check() {
    return new AzureChecks(settings, clients, arm, offerings).run();
  }
}
