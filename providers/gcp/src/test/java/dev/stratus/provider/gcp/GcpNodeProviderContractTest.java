package dev.stratus.provider.gcp;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.testkit.contract.ContractHarness;
import dev.stratus.testkit.contract.StopContract;
import dev.stratus.testkit.contract.Stopping;
import dev.stratus.testkit.contract.SweepContract;
import dev.stratus.testkit.contract.Throttling;
import dev.stratus.testkit.contract.ThrottlingContract;
import dev.stratus.testkit.gcp.GceServer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The GCP provider on its real SDK client against the stateful Compute Engine model: capacity
 * errors arrive as operations that finish with ZONE_RESOURCE_POOL_EXHAUSTED, throttling as 403
 * rateLimitExceeded, exactly as the API does.
 */
class GcpNodeProviderContractTest extends ThrottlingContract
    implements SweepContract, StopContract {
  @Override
  protected ContractHarness createHarness() {
    return new GcpHarness();
  }

  static final class GcpHarness implements ContractHarness, Throttling, Stopping {
    final GceServer server = new GceServer();
    final GcpNodeProvider gcp = GcpTestProviders.create(server, false);
    final AtomicInteger next = new AtomicInteger();

    @Override
    public NodeProvider provider() {
      return gcp;
    }

    @Override
    public Offering offering() {
      return gcp.offerings().get(0);
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
    public void exhaust(OfferingKey offering) {
      server.model.exhaust(
          offering.zone(), offering.instanceType(), offering.capacityType() == CapacityType.SPOT);
    }

    @Override
    public void failLaunchOf(String nodeName) {
      server.model.refuseNamesStartingWith(nodeName + "-");
    }

    @Override
    public void throttleNextCalls(int calls) {
      server.model.throttleNext(calls);
    }

    /** Ids are {@code <zone>/<name>}; the stop runs to {@code TERMINATED}. */
    @Override
    public void stop(String instanceId) {
      String[] zoneAndName = instanceId.split("/", 2);
      server.model.stop(zoneAndName[0], zoneAndName[1]);
      server.model.settle();
    }

    @Override
    public void close() {
      gcp.close();
      server.close();
    }
  }
}
