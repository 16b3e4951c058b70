package dev.stratus.testkit.fake;

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
import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** The in-memory fake keeps the same contract as the real providers, throttling included. */
class FakeNodeProviderContractTest extends ThrottlingContract
    implements SweepContract, StopContract {
  @Override
  protected ContractHarness createHarness() {
    return new FakeHarness();
  }

  static final class FakeHarness implements ContractHarness, Throttling, Stopping {
    static final Offering OFFERING =
        new Offering(
            new OfferingKey("fake", "region-1", "a", "p5.48xlarge", CapacityType.SPOT),
            "h100",
            8,
            192,
            2_048_000,
            new BigDecimal("30"));
    final FakeNodeProvider fake =
        new FakeNodeProvider("fake", List.of(OFFERING), Clock.systemUTC());
    final AtomicInteger next = new AtomicInteger();

    @Override
    public NodeProvider provider() {
      return fake;
    }

    @Override
    public Offering offering() {
      return OFFERING;
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
      fake.exhaust(offering);
    }

    @Override
    public void failLaunchOf(String nodeName) {
      fake.failNodes(List.of(nodeName));
    }

    @Override
    public void throttleNextCalls(int calls) {
      fake.throttleNext(calls);
    }

    @Override
    public void stop(String instanceId) {
      fake.stop(instanceId);
    }

    @Override
    public void close() {
      fake.reset();
    }
  }
}
