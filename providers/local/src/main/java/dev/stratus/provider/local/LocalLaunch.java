package dev.stratus.provider.local;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeCredential;
import dev.stratus.api.spi.ProviderError;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * One local launch: refuse it as a whole ({@link LaunchRefusal}), plan it against the records
 * ({@link LaunchPlan}), claim each new node ({@link LocalNodes#claim}), then wire and boot the
 * claimed nodes in parallel ({@link AgentLauncher}, with the metadata endpoint when there is one)
 * and wait for every agent. All-or-nothing launches roll back every node of the request when one
 * fails. Never throws: a broken host or state dir is a Transient failure.
 */
final class LocalLaunch {
  /** A teardown takes up to {@link NodeReaper#GRACE} and then a kill; a little more. */
  static final Duration BUSY_WAIT = NodeReaper.GRACE.plusSeconds(5);

  private final LocalSettings settings;
  private final Path stateDir;
  private final Clock clock;
  private final LocalNodes nodes;
  private final HostNetwork network;
  private final AgentLauncher agents;
  private final Optional<ImdsLauncher> imds;
  private final Executor workers;

  LocalLaunch(
      LocalSettings settings,
      Path stateDir,
      Clock clock,
      LocalNodes nodes,
      HostNetwork network,
      AgentLauncher agents,
      Optional<ImdsLauncher> imds,
      Executor workers) {
    this.settings = settings;
    this.stateDir = stateDir;
    this.clock = clock;
    this.nodes = nodes;
    this.network = network;
    this.agents = agents;
    this.imds = imds;
    this.workers = workers;
  }

  LaunchResult launch(LaunchRequest request) {
    try {
      return attempt(request);
    } catch (RuntimeException e) {
      return LaunchResult.failure(
          request.offering().key(),
          request.nodeNames(),
          new ProviderError.Transient("LocalError", String.valueOf(e.getMessage())));
    }
  }

  private LaunchResult attempt(LaunchRequest request) {
    OfferingKey key = request.offering().key();
    Optional<ProviderError> refusal = LaunchRefusal.of(request, this::faults, this::setUpHost);
    if (refusal.isPresent()) {
      return LaunchResult.failure(key, request.nodeNames(), refusal.get());
    }
    LocalFaults faults = faults();
    LaunchPlan plan = planAfterTeardowns(request, faults);
    if (request.allOrNothing() && !plan.failures().isEmpty()) {
      terminate(plan.existing().stream().map(InstanceRecord::toInstance).toList());
      return LaunchResult.failure(key, request.nodeNames(), plan.failures().get(0).error());
    }
    plan.abandoned().forEach(r -> nodes.teardown(r, false).join());
    List<InstanceRecord> claimed = new ArrayList<>();
    List<LaunchResult.Failure> failures = new ArrayList<>(plan.failures());
    for (String node : plan.toBoot()) {
      try {
        claimed.add(nodes.claim(request, node, clock.instant()));
      } catch (RuntimeException e) {
        failures.add(new LaunchResult.Failure(key, List.of(node), bootError(node, e.getMessage())));
      }
    }
    List<CompletableFuture<Optional<ProviderError>>> boots =
        claimed.stream()
            .map(
                r ->
                    CompletableFuture.supplyAsync(
                        () ->
                            boot(
                                r,
                                request.credential(r.nodeName()),
                                faults.losesGpuOn(r.nodeName())),
                        workers))
            .toList();
    List<Instance> launched = new ArrayList<>();
    plan.existing().forEach(r -> launched.add(r.toInstance()));
    for (int i = 0; i < claimed.size(); i++) {
      Optional<ProviderError> problem = boots.get(i).join();
      if (problem.isEmpty()) {
        launched.add(nodes.running(claimed.get(i)).toInstance());
      } else {
        failures.add(
            new LaunchResult.Failure(key, List.of(claimed.get(i).nodeName()), problem.get()));
      }
    }
    if (request.allOrNothing() && !failures.isEmpty()) {
      terminate(launched);
      return LaunchResult.failure(key, request.nodeNames(), rolledBack(failures.get(0).error()));
    }
    return new LaunchResult(launched, failures);
  }

  /**
   * The plan, once no node of the request is busy any more, or after {@link #BUSY_WAIT}. A node
   * still held by an instance of another token is usually one being terminated right now (the
   * controller releases a node's old instance and launches a new one in one pass, or replays a
   * suspend a crash left after a new resume came): a cloud launches the new VM beside the dying
   * one, but here both are the one namespace of the node, so the launch waits for it to go.
   */
  private LaunchPlan planAfterTeardowns(LaunchRequest request, LocalFaults faults) {
    long deadline = System.nanoTime() + BUSY_WAIT.toNanos();
    LaunchPlan plan = nodes.plan(request, faults);
    while (plan.failures().stream().anyMatch(f -> f.error().code().equals(LaunchPlan.BUSY))
        && System.nanoTime() < deadline) {
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      plan = nodes.plan(request, faults);
    }
    return plan;
  }

  /** The bridge and the fake GPU devices every node needs; an error refuses the launch. */
  private void setUpHost() {
    network.ensureBridge();
    FakeGpus.ensure(settings.deviceDir(), settings.gpuCount());
  }

  private LocalFaults faults() {
    return settings.faults().plus(LocalFaults.read(stateDir));
  }

  private void terminate(List<Instance> instances) {
    nodes.terminate(instances.stream().map(Instance::id).toList());
  }

  /** Wires the network and runs the agent; on failure the node is torn down again. */
  private Optional<ProviderError> boot(
      InstanceRecord r, Optional<NodeCredential> credential, boolean lostGpu) {
    Optional<ProviderError> problem;
    try {
      network.wire(r.netns(), r.veth(), r.address());
      problem = agents.boot(r, credential, lostGpu);
      if (problem.isEmpty() && imds.isPresent()) {
        imds.get()
            .start(
                r,
                agents.nodeDir(r.netns()),
                agents.nodeKeyFile(r.netns()),
                ImdsLauncher.Health.of(
                    agents.admission(r),
                    agents.fakeTools(r.netns()),
                    FakeGpuState.kmsgFile(stateDir, r.nodeName()),
                    settings.gpuCount()));
      }
    } catch (Exception e) {
      problem = Optional.of(bootError(r.nodeName(), e.getMessage()));
    }
    if (problem.isPresent()) {
      nodes.teardown(r, false).join();
    }
    return problem;
  }

  /**
   * The whole launch is rolled back for one node's failure; a node's own bootstrap failure stays
   * one (the controller puts its reason on the nodes), anything else is transient as before.
   */
  private static ProviderError rolledBack(ProviderError first) {
    if (first instanceof ProviderError.BootstrapFailed b) {
      return b;
    }
    return new ProviderError.Transient(
        first.code(), "all-or-nothing launch rolled back: " + first.message());
  }

  private static ProviderError bootError(String node, String message) {
    return new ProviderError.Transient("LocalBootFailed", "node " + node + ": " + message);
  }
}
