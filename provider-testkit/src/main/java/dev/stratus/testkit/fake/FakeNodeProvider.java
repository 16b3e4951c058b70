package dev.stratus.testkit.fake;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.CarriesNodeCredentials;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.PlacementAware;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.api.spi.SweepsOwnResources;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An in-memory cloud for tests: stores instances, filters by tag, can be told an offering has no
 * capacity, that some nodes fail, that the next calls are throttled or fail with a given error; and
 * records every call. Throttled calls are retried inside, as a real provider's retry policy would.
 * Placement is answered per instance id, like the real providers, from the switch paths given to
 * {@link #placeNode} for the instance's node. Launches can be held ({@link #holdLaunches}) as a
 * slow cloud holds them (an ARM create can take 15 minutes): a held launch blocks its caller, and
 * only its caller, until {@link #releaseLaunches}. Safe from any thread.
 */
public final class FakeNodeProvider
    implements NodeProvider, PlacementAware, CarriesNodeCredentials, SweepsOwnResources {
  private static final int MAX_ATTEMPTS = 4;

  private final String name;
  private final List<Offering> offerings;
  private final Clock clock;
  private final Map<String, Instance> instances = new LinkedHashMap<>();
  private final Map<String, List<String>> idsByToken = new LinkedHashMap<>();
  private final Set<OfferingKey> exhausted = new HashSet<>();
  private final Set<String> failingNodes = new HashSet<>();
  private final Deque<ProviderError> nextErrors = new ArrayDeque<>();
  private final Deque<ProviderError> nextListErrors = new ArrayDeque<>();
  private final List<String> calls = new ArrayList<>();
  private final List<LaunchRequest> requests = new ArrayList<>();
  private final Map<String, List<String>> placementOfNode = new LinkedHashMap<>();
  private final Deque<RuntimeException> nextPlacementErrors = new ArrayDeque<>();
  private final Deque<RuntimeException> nextSweepErrors = new ArrayDeque<>();
  private final Deque<RuntimeException> nextTerminateErrors = new ArrayDeque<>();
  private final LaunchGate launchGate = new LaunchGate();
  private final LaunchGate listGate = new LaunchGate();
  private final LaunchGate terminationGate = new LaunchGate();
  private int throttleNext;
  private boolean needsNodeCredentials = true;
  private int sequence;

  public FakeNodeProvider(String name, List<Offering> offerings, Clock clock) {
    this.name = name;
    this.offerings = List.copyOf(offerings);
    this.clock = clock;
  }

  @Override
  public String name() {
    return name;
  }

  /** By default like a provider that puts each node's credential into its user-data. */
  @Override
  public synchronized boolean needsNodeCredentials() {
    return needsNodeCredentials;
  }

  public synchronized void needsNodeCredentials(boolean needs) {
    needsNodeCredentials = needs;
  }

  @Override
  public List<Offering> offerings() {
    return offerings;
  }

  @Override
  public LaunchResult launch(LaunchRequest request) {
    launchGate.pass();
    return launchNow(request);
  }

  private synchronized LaunchResult launchNow(LaunchRequest request) {
    calls.add("launch " + request.nodeNames() + " " + request.offering().key());
    requests.add(request);
    List<String> known = idsByToken.get(request.clientToken());
    if (known != null) {
      return LaunchResult.success(known.stream().map(instances::get).toList());
    }
    Optional<ProviderError> error = nextError();
    if (error.isPresent()) {
      return LaunchResult.failure(request.offering().key(), request.nodeNames(), error.get());
    }
    OfferingKey key = request.offering().key();
    if (exhausted.contains(key)) {
      return LaunchResult.failure(
          key,
          request.nodeNames(),
          new ProviderError.InsufficientCapacity(
              "InsufficientInstanceCapacity", "no capacity for " + key));
    }
    List<String> failed = request.nodeNames().stream().filter(failingNodes::contains).toList();
    if (!failed.isEmpty() && request.allOrNothing()) {
      return LaunchResult.failure(
          key,
          request.nodeNames(),
          new ProviderError.InsufficientCapacity(
              "InsufficientInstanceCapacity", "not enough capacity for " + request.nodeNames()));
    }
    List<Instance> launched = new ArrayList<>();
    for (String node : request.nodeNames()) {
      if (failed.contains(node)) {
        continue;
      }
      String id = name + "-i-" + String.format("%06d", ++sequence);
      Instance instance =
          new Instance(id, key, InstanceState.RUNNING, clock.instant(), "", request.tagsFor(node));
      instances.put(id, instance);
      launched.add(instance);
    }
    idsByToken.put(request.clientToken(), launched.stream().map(Instance::id).toList());
    List<LaunchResult.Failure> failures =
        failed.isEmpty()
            ? List.of()
            : List.of(
                new LaunchResult.Failure(
                    key,
                    failed,
                    new ProviderError.InsufficientCapacity(
                        "InsufficientInstanceCapacity", "no capacity for " + failed)));
    return new LaunchResult(launched, failures);
  }

  @Override
  public List<Instance> list(String cluster) {
    listGate.pass();
    return listNow(cluster);
  }

  private synchronized List<Instance> listNow(String cluster) {
    calls.add("list " + cluster);
    Optional<ProviderError> throttled = throttled();
    if (throttled.isPresent()) {
      throw new ProviderException(throttled.get());
    }
    ProviderError listError = nextListErrors.poll();
    if (listError != null) {
      throw new ProviderException(listError);
    }
    return instances.values().stream()
        .filter(i -> i.state() != InstanceState.TERMINATED)
        .filter(i -> cluster.equals(i.tags().get(Tags.CLUSTER)))
        .toList();
  }

  @Override
  public synchronized Optional<Instance> get(String instanceId) {
    return Optional.ofNullable(instances.get(instanceId))
        .filter(i -> i.state() != InstanceState.TERMINATED);
  }

  @Override
  public void terminate(Collection<String> instanceIds) {
    terminationGate.pass();
    terminateNow(instanceIds);
  }

  private synchronized void terminateNow(Collection<String> instanceIds) {
    calls.add("terminate " + List.copyOf(instanceIds));
    RuntimeException error = nextTerminateErrors.poll();
    if (error != null) {
      throw error;
    }
    for (String id : instanceIds) {
      instances.computeIfPresent(id, (k, i) -> i.withState(InstanceState.TERMINATED));
    }
  }

  @Override
  public synchronized Map<String, List<String>> placement(List<Instance> asked) {
    calls.add("placement " + asked.stream().map(Instance::id).toList());
    RuntimeException error = nextPlacementErrors.poll();
    if (error != null) {
      throw error;
    }
    Map<String, List<String>> paths = new LinkedHashMap<>();
    for (Instance i : asked) {
      Instance known = instances.get(i.id());
      if (known != null && known.state().alive()) {
        known.nodeName().map(placementOfNode::get).ifPresent(path -> paths.put(known.id(), path));
      }
    }
    return paths;
  }

  /** Records the sweep as {@code sweep <cluster> <live ids>}; sweeps nothing else. */
  @Override
  public synchronized void sweep(String cluster, List<Instance> live) {
    calls.add("sweep " + cluster + " " + live.stream().map(Instance::id).toList());
    RuntimeException error = nextSweepErrors.poll();
    if (error != null) {
      throw error;
    }
  }

  /** Throttled errors are retried here up to a few attempts; others surface at once. */
  private Optional<ProviderError> nextError() {
    Optional<ProviderError> throttled = throttled();
    return throttled.isPresent() ? throttled : Optional.ofNullable(nextErrors.poll());
  }

  /** Consumes throttled attempts; an error only when a call used up all its attempts. */
  private Optional<ProviderError> throttled() {
    for (int attempt = 1; attempt <= MAX_ATTEMPTS && throttleNext > 0; attempt++) {
      throttleNext--;
      calls.add("throttled");
      if (attempt == MAX_ATTEMPTS) {
        return Optional.of(new ProviderError.Throttled("RequestLimitExceeded", "throttled"));
      }
    }
    return Optional.empty();
  }

  // ---- test controls ----

  /** From now on every launch blocks until {@link #releaseLaunches}. */
  public void holdLaunches() {
    launchGate.close();
  }

  /** From now on every listing blocks until {@link #releaseListings}. */
  public void holdListings() {
    listGate.close();
  }

  public void releaseListings() {
    listGate.open();
  }

  /** Lets every held launch go on, and later ones run at once. */
  public void releaseLaunches() {
    launchGate.open();
  }

  /** From now on every termination blocks until {@link #releaseTerminations}. */
  public void holdTerminations() {
    terminationGate.close();
  }

  public void releaseTerminations() {
    terminationGate.open();
  }

  public int terminationsHeld() {
    return terminationGate.held();
  }

  /** How many launches are blocked at the moment. */
  public int launchesHeld() {
    return launchGate.held();
  }

  public synchronized void exhaust(OfferingKey key) {
    exhausted.add(key);
  }

  public synchronized void restore(OfferingKey key) {
    exhausted.remove(key);
  }

  public synchronized void failNodes(Collection<String> nodeNames) {
    failingNodes.addAll(nodeNames);
  }

  /** The next launch fails with this error (after any throttling). */
  public synchronized void failNextLaunch(ProviderError error) {
    nextErrors.add(error);
  }

  public synchronized void failNextList(ProviderError error) {
    nextListErrors.add(error);
  }

  /** Where the instance serving {@code node} sits from now on: switch names from the top. */
  public synchronized void placeNode(String node, List<String> switchPath) {
    placementOfNode.put(node, List.copyOf(switchPath));
  }

  /** The next placement call throws this. */
  public synchronized void failNextPlacement(RuntimeException error) {
    nextPlacementErrors.add(error);
  }

  /** The next termination throws this, and terminates nothing. */
  public synchronized void failNextTerminate(RuntimeException error) {
    nextTerminateErrors.add(error);
  }

  /** The next sweep throws this. */
  public synchronized void failNextSweep(RuntimeException error) {
    nextSweepErrors.add(error);
  }

  /** The next {@code attempts} call attempts are throttled; each call retries up to 4 times. */
  public synchronized void throttleNext(int attempts) {
    throttleNext = attempts;
  }

  /** Puts an instance into the cloud as if someone else (or a crashed controller) launched it. */
  public synchronized Instance inject(OfferingKey key, Map<String, String> tags) {
    String id = name + "-i-" + String.format("%06d", ++sequence);
    Instance instance = new Instance(id, key, InstanceState.RUNNING, clock.instant(), "", tags);
    instances.put(id, instance);
    return instance;
  }

  /**
   * Stops an instance as the cloud or an operator would (EC2 stop, GCE TERMINATED, an ARM VM that
   * failed): it runs nothing but stays, and is listed, until terminated.
   */
  public synchronized void stop(String instanceId) {
    instances.computeIfPresent(instanceId, (k, i) -> i.withState(InstanceState.STOPPED));
  }

  /** Makes an instance vanish, as a spot reclaim without notice would. */
  public synchronized void vanish(String instanceId) {
    instances.computeIfPresent(instanceId, (k, i) -> i.withState(InstanceState.TERMINATED));
  }

  public synchronized List<String> calls() {
    return List.copyOf(calls);
  }

  /** Every launch request received, in order. */
  public synchronized List<LaunchRequest> requests() {
    return List.copyOf(requests);
  }

  public synchronized List<Instance> alive() {
    return instances.values().stream().filter(i -> i.state().alive()).toList();
  }

  public synchronized void reset() {
    instances.clear();
    idsByToken.clear();
    exhausted.clear();
    failingNodes.clear();
    nextErrors.clear();
    nextListErrors.clear();
    placementOfNode.clear();
    nextPlacementErrors.clear();
    calls.clear();
    requests.clear();
    throttleNext = 0;
  }
}
