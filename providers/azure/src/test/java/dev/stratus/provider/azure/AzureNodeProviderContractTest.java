package dev.stratus.provider.azure;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.testkit.ShiftedClock;
import dev.stratus.testkit.contract.ContractHarness;
import dev.stratus.testkit.contract.ReservationContract;
import dev.stratus.testkit.contract.Reserving;
import dev.stratus.testkit.contract.StopContract;
import dev.stratus.testkit.contract.Stopping;
import dev.stratus.testkit.contract.SweepContract;
import dev.stratus.testkit.contract.Throttling;
import dev.stratus.testkit.contract.ThrottlingContract;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Azure provider on its real SDK (the generated VirtualMachines client over the JDK HTTP
 * client) against the stateful ARM model on loopback https. The model answers without {@code
 * Retry-After} here so that the provider's 20 ms poll interval keeps the suite fast; {@code
 * AzureLongRunningOperationTest} covers the header.
 */
class AzureNodeProviderContractTest extends ThrottlingContract
    implements SweepContract, StopContract, ReservationContract {
  @Override
  protected ContractHarness createHarness() {
    return new AzureHarness();
  }

  static final class AzureHarness implements ContractHarness, Throttling, Stopping, Reserving {
    final ShiftedClock clock = new ShiftedClock();
    final AzureFixture fixture = new AzureFixture(clock);
    final AzureNodeProvider azure;
    final AtomicInteger next = new AtomicInteger();
    final Map<String, Instant> ends = new HashMap<>();

    AzureHarness() {
      fixture.model.retryAfterSeconds(0);
      azure = fixture.provider(cluster(), fixture.settings(), clock);
    }

    @Override
    public NodeProvider provider() {
      return azure;
    }

    @Override
    public Offering offering() {
      return azure.offerings().stream()
          .filter(o -> o.capacityType() == CapacityType.SPOT)
          .findFirst()
          .orElseThrow();
    }

    @Override
    public String cluster() {
      return "contract";
    }

    @Override
    public List<String> nodeNames(int count) {
      List<String> names = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        names.add(String.format("gpu-%03d", next.incrementAndGet()));
      }
      return names;
    }

    @Override
    public void exhaust(OfferingKey o) {
      fixture
          .model
          .faults()
          .exhaust(o.instanceType(), o.zone(), o.capacityType() == CapacityType.SPOT);
    }

    @Override
    public void failLaunchOf(String nodeName) {
      fixture.model.faults().failNode(nodeName);
    }

    @Override
    public void throttleNextCalls(int calls) {
      fixture.model.faults().throttleNextCalls(calls);
    }

    /** Deallocated, as a shutdown policy or an operator would leave it: disk and NIC kept. */
    @Override
    public void stop(String instanceId) {
      fixture.model.power(instanceId, "deallocated");
    }

    /**
     * A Block capacity reservation of the offering's size in its zone, scheduled from {@code start}
     * to {@code end}: Azure's own window (a Targeted reservation has none).
     */
    @Override
    public String reserve(Instant start, Instant end, int instances) {
      int n = next.incrementAndGet();
      OfferingKey k = offering().key();
      String id =
          fixture
              .model
              .reserveBlock(
                  "crg-" + n, "cr-" + n, k.instanceType(), k.zone(), instances, start, end)
              .substring(1);
      ends.put(id, end);
      return id;
    }

    /** The clock of model and provider passes the block's end: ARM ends its VMs. */
    @Override
    public void endWindow(String reservationId) {
      clock.passTo(ends.get(reservationId).plusSeconds(1));
    }

    @Override
    public void close() {
      try {
        for (String c : List.of(cluster(), otherCluster())) {
          azure.terminate(azure.list(c).stream().map(Instance::id).toList());
        }
        azure.close();
      } finally {
        fixture.close();
      }
    }
  }
}
