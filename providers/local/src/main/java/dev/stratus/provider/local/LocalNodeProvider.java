package dev.stratus.provider.local;

import dev.stratus.core.model.Instance;
import dev.stratus.core.model.InstanceState;
import dev.stratus.core.model.Offering;
import dev.stratus.core.model.OfferingKey;
import dev.stratus.core.model.Tags;
import dev.stratus.core.spi.LaunchRequest;
import dev.stratus.core.spi.LaunchResult;
import dev.stratus.core.spi.NodeCredential;
import dev.stratus.core.spi.NodeProvider;
import dev.stratus.core.spi.PlacementAware;
import dev.stratus.core.spi.ProviderContext;
import dev.stratus.core.spi.ProviderError;
import dev.stratus.core.spi.Reclaimable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Nodes on this machine built from Linux namespaces (docs/architecture.md, "The local provider";
 * docs/slurm-facts.md, "One namespace set per node"): a network namespace with a veth on a private
 * bridge, and the node-bootstrap agent run in fresh UTS and mount namespaces, which starts the
 * node's own munged and {@code slurmd -b}.
 *
 * <p>The "cloud" is {@code <stateDir>/instances/*.json}; an instance whose namespace is gone (the
 * node was killed from outside) is dropped from it when seen. Launch boots nodes in parallel and
 * returns when each agent has finished. Faults can be injected, see {@link LocalFaults}.
 */
public final class LocalNodeProvider implements NodeProvider, PlacementAware, Reclaimable {
  private static final Logger log = LoggerFactory.getLogger(LocalNodeProvider.class);

  private final ProviderContext context;
  private final LocalSettings settings;
  private final InstanceStore store;
  private final HostNetwork network;
  private final AgentLauncher launcher;
  private final Optional<ImdsLauncher> imds;
  private final ExecutorService workers;

  /** Guards the store and namespace creation: address choice and "does this node run" checks. */
  private final Object lock = new Object();

  public LocalNodeProvider(ProviderContext context) {
    this.context = context;
    this.settings = LocalSettings.parse(context.settings(), context.stateDir());
    this.store = new InstanceStore(context.stateDir());
    this.network = new HostNetwork(settings.bridge(), settings.subnet());
    this.launcher =
        new AgentLauncher(
            context.bootstrap(),
            settings.deviceDir(),
            settings.gpuCount(),
            settings.agentTimeout(),
            context.stateDir(),
            settings.checkController(),
            settings.confServer());
    this.imds =
        ImdsLauncher.classPathWithMain()
            .map(cp -> new ImdsLauncher(settings.imdsPort(), settings.noticeUrl(), cp));
    if (imds.isEmpty()) {
      log.warn(
          "{} is not on the class path: local nodes get no metadata endpoint, so no spot notices",
          ImdsLauncher.MAIN);
    }
    this.workers =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "local-provider");
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * Creates the bridge when it is missing: slurmctld's address for the nodes is the bridge's, so it
   * must exist before slurmctld is asked anything, not only at the first launch. An existing bridge
   * is checked (ours or not) at launch.
   */
  @Override
  public void start() {
    if (!HostNetwork.linkExists(settings.bridge())) {
      network.ensureBridge();
    }
  }

  @Override
  public String name() {
    return LocalSettings.PROVIDER;
  }

  /** With Vault, each node's agent gets its wrapping token in a file of its own. */
  @Override
  public boolean usesNodeCredentials() {
    return context.bootstrap().vault().isPresent();
  }

  @Override
  public List<Offering> offerings() {
    return settings.offerings();
  }

  /** Never throws for a cloud-side problem: a broken host or state dir is a Transient failure. */
  @Override
  public LaunchResult launch(LaunchRequest request) {
    try {
      return doLaunch(request);
    } catch (RuntimeException e) {
      return LaunchResult.failure(
          request.offering().key(),
          request.nodeNames(),
          new ProviderError.Transient("LocalError", String.valueOf(e.getMessage())));
    }
  }

  private LaunchResult doLaunch(LaunchRequest request) {
    OfferingKey key = request.offering().key();
    Optional<ProviderError> refusal = refusal(request);
    if (refusal.isPresent()) {
      return LaunchResult.failure(key, request.nodeNames(), refusal.get());
    }
    LaunchPlan plan;
    LocalFaults faults = faults();
    synchronized (lock) {
      plan = LaunchPlan.of(request, faults, store.all(), HostNetwork::netnsExists);
      if (request.allOrNothing() && !plan.failures().isEmpty()) {
        return allFailed(request, plan.existing(), plan.failures().get(0).error());
      }
    }
    List<InstanceRecord> created = new ArrayList<>();
    List<LaunchResult.Failure> failures = new ArrayList<>(plan.failures());
    for (String node : plan.toBoot()) {
      try {
        created.add(create(request, node));
      } catch (RuntimeException e) {
        failures.add(new LaunchResult.Failure(key, List.of(node), bootError(node, e.getMessage())));
      }
    }
    List<CompletableFuture<Optional<ProviderError>>> boots =
        created.stream()
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
    for (int i = 0; i < created.size(); i++) {
      InstanceRecord r = created.get(i);
      Optional<ProviderError> problem = boots.get(i).join();
      if (problem.isEmpty()) {
        InstanceRecord running = r.withState(InstanceState.RUNNING);
        store.write(running);
        launched.add(running.toInstance());
      } else {
        failures.add(new LaunchResult.Failure(key, List.of(r.nodeName()), problem.get()));
      }
    }
    if (request.allOrNothing() && !failures.isEmpty()) {
      terminate(launched.stream().map(Instance::id).toList());
      return LaunchResult.failure(key, request.nodeNames(), rolledBack(failures.get(0).error()));
    }
    return new LaunchResult(launched, failures);
  }

  /** Errors that concern the whole request ({@link LaunchRefusal}). */
  private Optional<ProviderError> refusal(LaunchRequest request) {
    return LaunchRefusal.of(
        request,
        this::faults,
        () -> {
          network.ensureBridge();
          FakeGpus.ensure(settings.deviceDir(), settings.gpuCount());
        });
  }

  private LaunchResult allFailed(
      LaunchRequest request, List<InstanceRecord> existing, ProviderError cause) {
    terminate(existing.stream().map(InstanceRecord::id).toList());
    return LaunchResult.failure(request.offering().key(), request.nodeNames(), cause);
  }

  private LocalFaults faults() {
    return settings.faults().plus(LocalFaults.read(context.stateDir()));
  }

  /** Under the lock: pick the address, add the namespace, record the instance as PENDING. */
  private InstanceRecord create(LaunchRequest request, String node) {
    synchronized (lock) {
      String netns = LocalNames.netns(request.cluster(), node);
      String veth = LocalNames.veth(netns);
      List<InstanceRecord> records = store.all();
      var claimed = records.stream().filter(r -> r.netns().equals(netns)).findFirst();
      if (claimed.isPresent()) {
        // A concurrent launch got this node first.
        throw new LocalCommandException(
            "node " + node + " is being launched as instance " + claimed.get().id());
      }
      if (HostNetwork.netnsExists(netns)) {
        // Left by a crash of an earlier run: no record claims it.
        NodeReaper.reap(network, netns, veth);
      }
      var taken = new java.util.HashSet<Integer>();
      for (InstanceRecord r : records) {
        taken.add(settings.subnet().hostOf(r.address()));
      }
      String address = settings.subnet().address(AddressPlan.choose(node, taken));
      InstanceRecord record =
          new InstanceRecord(
              LocalNames.instanceId(request.cluster(), request.clientToken(), node),
              request.cluster(),
              node,
              address,
              netns,
              veth,
              InstanceState.PENDING,
              request.offering().key(),
              request.tagsFor(node),
              context.clock().instant().toString(),
              request.clientToken());
      network.addNetns(netns);
      store.write(record);
      return record;
    }
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

  /** Wires the network and runs the agent; on failure the node is torn down again. */
  private Optional<ProviderError> boot(
      InstanceRecord r, Optional<NodeCredential> credential, boolean lostGpu) {
    Optional<ProviderError> problem;
    try {
      network.wire(r.netns(), r.veth(), r.address());
      problem = launcher.boot(r, credential, lostGpu);
      if (problem.isEmpty() && imds.isPresent()) {
        imds.get().start(r, launcher.nodeDir(r.netns()));
      }
    } catch (Exception e) {
      problem = Optional.of(bootError(r.nodeName(), e.getMessage()));
    }
    if (problem.isPresent()) {
      destroy(r);
    }
    return problem;
  }

  private static ProviderError bootError(String node, String message) {
    return new ProviderError.Transient("LocalBootFailed", "node " + node + ": " + message);
  }

  @Override
  public List<Instance> list(String cluster) {
    List<Instance> live = new ArrayList<>();
    for (InstanceRecord r : liveRecords()) {
      if (cluster.equals(r.tags().get(Tags.CLUSTER))) {
        live.add(r.toInstance());
      }
    }
    live.sort(Comparator.comparing(Instance::id));
    return live;
  }

  @Override
  public Optional<Instance> get(String instanceId) {
    return liveRecords().stream()
        .filter(r -> r.id().equals(instanceId))
        .findFirst()
        .map(InstanceRecord::toInstance);
  }

  /** Records whose namespace exists; the others (killed from outside) are forgotten. */
  private List<InstanceRecord> liveRecords() {
    synchronized (lock) {
      List<InstanceRecord> live = new ArrayList<>();
      for (InstanceRecord r : store.all()) {
        if (HostNetwork.netnsExists(r.netns())) {
          live.add(r);
        } else {
          store.delete(r.id());
        }
      }
      return live;
    }
  }

  @Override
  public void terminate(Collection<String> instanceIds) {
    List<CompletableFuture<Void>> done = new ArrayList<>();
    for (String id : instanceIds) {
      store
          .read(id)
          .ifPresent(r -> done.add(CompletableFuture.runAsync(() -> destroy(r), workers)));
    }
    done.forEach(CompletableFuture::join);
  }

  /** Stops and deletes the node and its copy of the munge key (a VM's disk would go with it). */
  private void destroy(InstanceRecord r) {
    destroy(r, false);
  }

  /** {@code abruptly}: SIGKILL at once, as a cloud taking a VM back; else TERM, then KILL. */
  private void destroy(InstanceRecord r, boolean abruptly) {
    if (abruptly) {
      NodeReaper.kill(network, r.netns(), r.veth());
    } else {
      NodeReaper.reap(network, r.netns(), r.veth());
    }
    launcher.forgetKey(r.netns());
    synchronized (lock) {
      store.delete(r.id());
    }
  }

  /**
   * A spot reclaim of a local instance: the notice is posted to the node's metadata endpoint (which
   * the node's watcher reports to the controller), then, when it runs out, every process of the
   * node is SIGKILLed and the node deleted, with no shutdown, as a cloud takes back a VM. A zero
   * notice kills at once. Returns early when the instance is terminated by someone else meanwhile.
   */
  @Override
  public void reclaim(String instanceId, Duration notice) {
    if (notice.isNegative()) {
      throw new IllegalArgumentException("notice must be >= 0, got " + notice);
    }
    InstanceRecord r =
        liveRecords().stream()
            .filter(x -> x.id().equals(instanceId))
            .findFirst()
            .orElseThrow(
                () -> new IllegalArgumentException("no live local instance " + instanceId));
    if (!notice.isZero()) {
      if (imds.isEmpty()) {
        throw new IllegalStateException(
            "cannot post a notice: " + ImdsLauncher.MAIN + " is not on the class path");
      }
      Instant deadline = ReclaimNotice.post(imds.get().base(r), notice);
      log.info("reclaim notice for {} ({}) posted, deadline {}", r.id(), r.nodeName(), deadline);
      ReclaimNotice.awaitDeadline(
          deadline, () -> HostNetwork.netnsExists(r.netns()), context.clock());
    }
    destroy(r, true);
    log.info("reclaimed {} ({})", r.id(), r.nodeName());
  }

  /** Placement per instance id: {@code [spine, <rack>]} from the {@code racks} setting. */
  @Override
  public Map<String, List<String>> placement(List<Instance> instances) {
    Map<String, List<String>> paths = new LinkedHashMap<>();
    for (Instance i : instances) {
      i.nodeName().ifPresent(node -> paths.put(i.id(), List.copyOf(settings.racks().pathOf(node))));
    }
    return paths;
  }

  /**
   * Leaves running nodes alone (a controller restart must not kill them); deletes the bridge when
   * no instance of this provider is left, so a finished demo leaves nothing behind.
   */
  @Override
  public void close() {
    workers.shutdown();
    synchronized (lock) {
      if (liveRecords().isEmpty()) {
        network.deleteBridgeIfUnused();
      }
    }
  }
}
