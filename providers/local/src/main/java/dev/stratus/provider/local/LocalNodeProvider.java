package dev.stratus.provider.local;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.CarriesNodeCredentials;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.PlacementAware;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.Reclaimable;
import dev.stratus.api.spi.ReservationAware;
import dev.stratus.wire.RequestSigner;
import dev.stratus.wire.SignedHeaders;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * <p>The "cloud" is {@code <stateDir>/instances/*.json} and the namespaces ({@link LocalNodes},
 * thread-safe); an instance whose namespace is gone (the node was killed from outside) is dropped
 * from it when seen. Launch ({@link LocalLaunch}) boots nodes in parallel and returns when each
 * agent has finished. Faults can be injected, see {@link LocalFaults}.
 */
public final class LocalNodeProvider
    implements NodeProvider, PlacementAware, Reclaimable, CarriesNodeCredentials, ReservationAware {
  private static final Logger log = LoggerFactory.getLogger(LocalNodeProvider.class);

  private final ProviderContext context;
  private final LocalSettings settings;
  private final HostNetwork network;
  private final Optional<ImdsLauncher> imds;
  private final ExecutorService workers;
  private final LocalNodes nodes;
  private final LocalLaunch launches;
  private final ReservedCapacity reserved;

  public LocalNodeProvider(ProviderContext context) {
    this.context = context;
    this.settings = LocalSettings.parse(context.settings(), context.stateDir());
    this.network = new HostNetwork(settings.bridge(), settings.subnet());
    AgentLauncher agents =
        new AgentLauncher(
            context.bootstrap(),
            settings.deviceDir(),
            settings.gpuCount(),
            settings.agentTimeout(),
            context.stateDir(),
            settings.checkController(),
            settings.confServer(),
            context.nodeKeys());
    this.imds =
        ImdsLauncher.classPathWithMain()
            .map(
                cp ->
                    new ImdsLauncher(
                        settings.imdsPort(),
                        settings.noticeUrl(),
                        settings.controllerCaFile(),
                        cp));
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
    this.nodes =
        new LocalNodes(
            new InstanceStore(context.stateDir()),
            new InstanceHistory(context.stateDir(), context.clock()),
            network,
            settings.subnet(),
            agents,
            workers);
    this.launches =
        new LocalLaunch(
            settings, context.stateDir(), context.clock(), nodes, network, agents, imds, workers);
    this.reserved =
        new ReservedCapacity(settings.reservations(), context.stateDir(), context.clock(), nodes);
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
  public boolean needsNodeCredentials() {
    return context.bootstrap().vault().isPresent();
  }

  @Override
  public List<Offering> offerings() {
    return settings.offerings();
  }

  @Override
  public LaunchResult launch(LaunchRequest request) {
    if (request.offering().key().capacityType() == CapacityType.RESERVED) {
      return reserved.launch(request, launches::launch);
    }
    return launches.launch(request);
  }

  /** The reservations of the settings and of the state dir, in their state at this moment. */
  @Override
  public List<CapacityReservation> reservations() {
    return reserved.reservations();
  }

  @Override
  public List<Instance> list(String cluster) {
    reserved.endPast();
    return nodes.list(cluster);
  }

  @Override
  public Optional<Instance> get(String instanceId) {
    reserved.endPast();
    return nodes.find(instanceId).map(InstanceRecord::toInstance);
  }

  @Override
  public void terminate(Collection<String> instanceIds) {
    nodes.terminate(instanceIds);
  }

  /**
   * A spot reclaim of a local instance: the notice is posted to the node's metadata endpoint (which
   * the node's watcher reports to the controller), signed as the operator with the node's key (the
   * endpoint takes nothing else), then, when it runs out, every process of the node is SIGKILLed
   * and the node deleted, with no shutdown, as a cloud takes back a VM. A zero notice kills at
   * once. Returns early when the instance is terminated by someone else meanwhile.
   */
  @Override
  public void reclaim(String instanceId, Duration notice) {
    if (notice.isNegative()) {
      throw new IllegalArgumentException("notice must be >= 0, got " + notice);
    }
    InstanceRecord r =
        nodes
            .find(instanceId)
            .orElseThrow(
                () -> new IllegalArgumentException("no live local instance " + instanceId));
    if (!notice.isZero()) {
      if (imds.isEmpty()) {
        throw new IllegalStateException(
            "cannot post a notice: " + ImdsLauncher.MAIN + " is not on the class path");
      }
      byte[] key =
          context
              .nodeKeys()
              .keyFor(r.nodeName(), r.clientToken())
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "cannot sign the reclaim of "
                              + r.nodeName()
                              + ": run it where the controller's secret is (controller.secretFile)"));
      Instant deadline =
          ReclaimNotice.post(
              imds.get().base(r),
              notice,
              new RequestSigner(SignedHeaders.OPERATOR, key, context.clock()));
      log.info("reclaim notice for {} ({}) posted, deadline {}", r.id(), r.nodeName(), deadline);
      ReclaimNotice.awaitDeadline(
          deadline, () -> HostNetwork.netnsExists(r.netns()), context.clock());
    }
    nodes.teardown(r, true).join();
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
    nodes.deleteBridgeIfNoneLeft();
  }
}
