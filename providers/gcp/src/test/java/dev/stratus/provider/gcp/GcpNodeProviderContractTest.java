package dev.stratus.provider.gcp;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.testkit.contract.ContractHarness;
import dev.stratus.testkit.contract.ReservationContract;
import dev.stratus.testkit.contract.Reserving;
import dev.stratus.testkit.contract.StopContract;
import dev.stratus.testkit.contract.Stopping;
import dev.stratus.testkit.contract.SweepContract;
import dev.stratus.testkit.contract.Throttling;
import dev.stratus.testkit.contract.ThrottlingContract;
import dev.stratus.testkit.gcp.GceServer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The GCP provider on its real SDK client against the stateful Compute Engine model: capacity
 * errors arrive as operations that finish with ZONE_RESOURCE_POOL_EXHAUSTED, throttling as 403
 * rateLimitExceeded, exactly as the API does. Reservations are calendar-mode future reservations of
 * the model, delivered when their window opens and deleted, with their VMs, when it closes.
 */
class GcpNodeProviderContractTest extends ThrottlingContract
    implements SweepContract, StopContract, ReservationContract {
  @Override
  protected ContractHarness createHarness() {
    return new GcpHarness();
  }

  static final class GcpHarness implements ContractHarness, Throttling, Stopping, Reserving {
    static final Duration REFRESH = Duration.ofSeconds(30);
    final GceServer server = new GceServer();
    final AheadClock clock = new AheadClock();
    final GcpNodeProvider gcp = GcpTestProviders.create(settings(server), clock);
    final Offering offering = gcp.offerings().get(0);
    final AtomicInteger next = new AtomicInteger();

    private static Map<String, Object> settings(GceServer server) {
      Map<String, Object> s = GcpTestProviders.settings(server, false);
      s.put("reservationsRefreshSeconds", REFRESH.toSeconds());
      return s;
    }

    @Override
    public NodeProvider provider() {
      return gcp;
    }

    @Override
    public Offering offering() {
      return offering;
    }

    /**
     * A calendar-mode future reservation of the offering's machine type in its zone, approved; the
     * provider's clock then passes its refresh period, as it would before the planner looks again.
     */
    @Override
    public String reserve(Instant start, Instant end, int instances) {
      String name = "calendar-" + next.incrementAndGet();
      server
          .model
          .windows()
          .reserve(
              offering.key().zone(), name, offering.key().instanceType(), instances, start, end);
      clock.advance(REFRESH);
      return name;
    }

    @Override
    public void endWindow(String reservationId) {
      server.model.windows().endWindow(reservationId);
      clock.advance(REFRESH);
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
