package dev.stratus.tests.bench;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderError;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A cloud as slow as an ARM create at its worst, for the benchmark's {@code --slow-launch}: a
 * launch of one of the {@code holdNodes} blocks until the provider is closed (the benchmark's 900 s
 * launch in flight), then fails; a launch of any other node is refused at once for capacity, so the
 * controller moves on to the pool's next offering. It never creates an instance.
 */
public final class SlowLaunchProvider implements NodeProvider {
  private final Offering offering;
  private final Set<String> holdNodes;
  private final CountDownLatch closed = new CountDownLatch(1);
  private final AtomicInteger held = new AtomicInteger();

  SlowLaunchProvider(Offering offering, Set<String> holdNodes) {
    this.offering = offering;
    this.holdNodes = Set.copyOf(holdNodes);
  }

  @Override
  public String name() {
    return offering.provider();
  }

  @Override
  public List<Offering> offerings() {
    return List.of(offering);
  }

  @Override
  public LaunchResult launch(LaunchRequest request) {
    if (request.nodeNames().stream().noneMatch(holdNodes::contains)) {
      return LaunchResult.failure(
          request.offering().key(),
          request.nodeNames(),
          new ProviderError.InsufficientCapacity("SlowCloudFull", "no capacity here"));
    }
    held.incrementAndGet();
    try {
      closed.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      held.decrementAndGet();
    }
    return LaunchResult.failure(
        request.offering().key(),
        request.nodeNames(),
        new ProviderError.Transient("SlowCloudClosed", "the benchmark ended"));
  }

  /** How many launches are blocked now. */
  public int held() {
    return held.get();
  }

  @Override
  public List<Instance> list(String cluster) {
    return List.of();
  }

  @Override
  public Optional<Instance> get(String instanceId) {
    return Optional.empty();
  }

  @Override
  public void terminate(Collection<String> instanceIds) {}

  @Override
  public void close() {
    closed.countDown();
  }
}
