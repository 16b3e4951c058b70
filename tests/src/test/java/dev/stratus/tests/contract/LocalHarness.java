package dev.stratus.tests.contract;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.ReservationState;
import dev.stratus.api.spi.BootstrapSettings;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.provider.local.LocalFaults;
import dev.stratus.provider.local.LocalNodeProviderFactory;
import dev.stratus.provider.local.LocalReservations;
import dev.stratus.testkit.contract.ContractHarness;
import dev.stratus.testkit.contract.Reserving;
import dev.stratus.testkit.contract.Throttling;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The local provider under the contract suite: real namespaces, real munged and slurmd. Capacity
 * errors are made through the provider's faults file ({@code exhaustedOfferings}, {@code
 * failLaunches}), and reservations through its reservations file, exactly as the e2e suite and the
 * demo make them. Throttling does not exist locally (there is no API to throttle), so this harness
 * does not implement {@link Throttling}.
 */
final class LocalHarness implements ContractHarness, Reserving {
  static final Offering OFFERING =
      new Offering(
          new OfferingKey("local", "local", "", "ns-h100x8", CapacityType.ON_DEMAND),
          "h100",
          8,
          8,
          64000,
          BigDecimal.ZERO);

  private final LocalTestbed bed;
  final Path stateDir;
  final String cluster;
  final NodeProvider provider;
  private final Set<String> failLaunches = new HashSet<>();
  private final Set<String> exhausted = new HashSet<>();

  LocalHarness(LocalTestbed bed, Map<String, Object> extraSettings) throws IOException {
    this.bed = bed;
    this.stateDir = bed.newStateDir();
    this.cluster = bed.nextCluster();
    Map<String, Object> settings = new HashMap<>();
    settings.put("bridge", bed.bridge);
    settings.put("subnet", bed.subnet);
    settings.put("deviceDir", bed.deviceDir.toString());
    settings.put("gpuCount", 8);
    settings.put("offerings", List.of(Map.of("instanceType", "ns-h100x8", "gpuModel", "h100")));
    // The testbed runs no slurmctld (its slurmd talk to nobody), so nothing could accept the
    // agent's munge credential; the e2e tests run the check against a real slurmctld.
    settings.put("checkController", false);
    settings.putAll(extraSettings);
    this.provider =
        new LocalNodeProviderFactory()
            .create(
                new ProviderContext(
                    cluster,
                    settings,
                    stateDir,
                    new BootstrapSettings(
                        bed.slurmConf, Path.of("/usr/sbin"), bed.keyFile, bed.mungeSocket),
                    Clock.systemUTC()));
  }

  @Override
  public NodeProvider provider() {
    return provider;
  }

  @Override
  public Offering offering() {
    return OFFERING;
  }

  @Override
  public String cluster() {
    return cluster;
  }

  @Override
  public List<String> nodeNames(int count) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      names.add(bed.nextNodeName());
    }
    return names;
  }

  @Override
  public void exhaust(OfferingKey offering) {
    exhausted.add(offering.toString());
    new LocalFaults(failLaunches, exhausted).write(stateDir);
  }

  @Override
  public void failLaunchOf(String nodeName) {
    failLaunches.add(nodeName);
    new LocalFaults(failLaunches, exhausted).write(stateDir);
  }

  /**
   * The local cloud sells a block: written to its reservations file, as {@code stratus demo} does.
   */
  @Override
  public String reserve(Instant start, Instant end, int instances) {
    String id = "lcr-" + UUID.randomUUID().toString().substring(0, 8);
    LocalReservations.add(
        stateDir,
        new CapacityReservation(
            id,
            "local",
            "local",
            "",
            OFFERING.key().instanceType(),
            start,
            end,
            instances,
            ReservationState.ACTIVE,
            Optional.empty()));
    return id;
  }

  @Override
  public void endWindow(String reservationId) {
    LocalReservations.end(stateDir, reservationId);
  }

  @Override
  public void close() {
    List<String> ids = new ArrayList<>();
    for (String c : List.of(cluster(), otherCluster())) {
      provider.list(c).stream().map(Instance::id).forEach(ids::add);
    }
    provider.terminate(ids);
    provider.close();
  }
}
