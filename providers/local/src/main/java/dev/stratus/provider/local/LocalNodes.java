package dev.stratus.provider.local;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * The local "cloud": the instance records ({@link InstanceStore}) and the network namespaces that
 * are the nodes. Thread-safe: {@code lock} guards every decision that reads the records and then
 * changes them (an address taken, a node claimed, a record dropped), so concurrent launches, lists
 * and terminations of different instances never see half of one another; a node's slow work
 * (booting, reaping) runs outside it. Two terminations of one instance share one teardown.
 */
final class LocalNodes {
  private final InstanceStore store;
  private final InstanceHistory history;
  private final HostNetwork network;
  private final Subnet subnet;
  private final AgentLauncher agents;
  private final Executor workers;
  private final Object lock = new Object();
  private final Map<String, CompletableFuture<Void>> dying = new ConcurrentHashMap<>();

  LocalNodes(
      InstanceStore store,
      InstanceHistory history,
      HostNetwork network,
      Subnet subnet,
      AgentLauncher agents,
      Executor workers) {
    this.store = store;
    this.history = history;
    this.network = network;
    this.subnet = subnet;
    this.agents = agents;
    this.workers = workers;
  }

  /** Records whose namespace exists; the others (killed from outside) are forgotten. */
  List<InstanceRecord> live() {
    synchronized (lock) {
      List<InstanceRecord> live = new ArrayList<>();
      for (InstanceRecord r : store.all()) {
        if (HostNetwork.netnsExists(r.netns())) {
          live.add(r);
        } else {
          store.delete(r.id());
          history.ended(r); // killed from outside: it ended by now, at the latest
        }
      }
      return live;
    }
  }

  List<Instance> list(String cluster) {
    return live().stream()
        .filter(r -> cluster.equals(r.tags().get(Tags.CLUSTER)))
        .map(r -> r.toInstance(abandoned(r) ? InstanceState.STOPPED : r.state()))
        .sorted(Comparator.comparing(Instance::id))
        .toList();
  }

  Optional<InstanceRecord> find(String instanceId) {
    return live().stream().filter(r -> r.id().equals(instanceId)).findFirst();
  }

  /** What the request means given the records, decided under the lock ({@link LaunchPlan}). */
  LaunchPlan plan(LaunchRequest request, LocalFaults faults) {
    synchronized (lock) {
      return LaunchPlan.of(
          request, faults, store.all(), HostNetwork::netnsExists, LocalNodes::abandoned);
    }
  }

  /**
   * A PENDING record whose launcher has exited and in whose namespace nothing runs: the launcher (a
   * controller killed mid-launch) died before the node's agent started, so nothing will ever boot
   * it. (An agent that did start outlives its launcher, and its processes, munged and slurmd, stay
   * in the namespace.) Listed as STOPPED, like a cloud's failed VM: the controller launches the
   * node again, and GC collects the record if nothing does.
   */
  static boolean abandoned(InstanceRecord r) {
    return r.state() == InstanceState.PENDING
        && r.launcherIsGone()
        && HostNetwork.pids(r.netns()).isEmpty();
  }

  /**
   * Claims {@code node} for the request: picks its address, adds its namespace and records it as
   * PENDING. Refused when a concurrent launch claimed the node first.
   */
  InstanceRecord claim(LaunchRequest request, String node, Instant now) {
    synchronized (lock) {
      String netns = LocalNames.netns(request.cluster(), node);
      String veth = LocalNames.veth(netns);
      List<InstanceRecord> records = store.all();
      var claimed = records.stream().filter(r -> r.netns().equals(netns)).findFirst();
      if (claimed.isPresent()) {
        throw new LocalCommandException(
            "node " + node + " is being launched as instance " + claimed.get().id());
      }
      if (HostNetwork.netnsExists(netns)) {
        // Left by a crash of an earlier run: no record claims it.
        NodeReaper.reap(network, netns, veth);
      }
      Set<Integer> taken = new HashSet<>();
      records.forEach(r -> taken.add(subnet.hostOf(r.address())));
      InstanceRecord record =
          new InstanceRecord(
              LocalNames.instanceId(request.cluster(), request.clientToken(), node),
              request.cluster(),
              node,
              subnet.address(AddressPlan.choose(node, taken)),
              netns,
              veth,
              InstanceState.PENDING,
              request.offering().key(),
              request.tagsFor(node),
              now.toString(),
              request.clientToken(),
              InstanceRecord.thisProcess());
      network.addNetns(netns);
      store.write(record);
      history.launched(record);
      return record;
    }
  }

  /** The node's agent finished: its record says RUNNING, unless it was torn down meanwhile. */
  InstanceRecord running(InstanceRecord r) {
    InstanceRecord running = r.withState(InstanceState.RUNNING);
    synchronized (lock) {
      if (store.read(r.id()).isPresent()) {
        store.write(running);
      }
    }
    return running;
  }

  /** Tears the instances down in parallel and returns when all are gone; unknown ids are no-ops. */
  void terminate(Collection<String> instanceIds) {
    List<CompletableFuture<Void>> done = new ArrayList<>();
    for (String id : new LinkedHashSet<>(instanceIds)) {
      store.read(id).ifPresent(r -> done.add(teardown(r, false)));
    }
    done.forEach(CompletableFuture::join);
  }

  /**
   * Stops and deletes the node and its copy of the munge key (a VM's disk would go with it). {@code
   * abruptly}: SIGKILL at once, as a cloud taking a VM back; else TERM, then KILL. A teardown of an
   * instance already being torn down waits for that one.
   */
  CompletableFuture<Void> teardown(InstanceRecord r, boolean abruptly) {
    CompletableFuture<Void> mine = new CompletableFuture<>();
    CompletableFuture<Void> running = dying.putIfAbsent(r.id(), mine);
    if (running != null) {
      return running;
    }
    CompletableFuture.runAsync(() -> destroy(r, abruptly), workers)
        .whenComplete(
            (ok, failure) -> {
              dying.remove(r.id(), mine);
              if (failure == null) {
                mine.complete(null);
              } else {
                mine.completeExceptionally(failure);
              }
            });
    return mine;
  }

  private void destroy(InstanceRecord r, boolean abruptly) {
    if (abruptly) {
      NodeReaper.kill(network, r.netns(), r.veth());
    } else {
      NodeReaper.reap(network, r.netns(), r.veth());
    }
    agents.forgetKey(r.netns());
    agents.forgetGpuState(r.nodeName());
    synchronized (lock) {
      if (store.read(r.id()).isPresent()) {
        store.delete(r.id());
        history.ended(r);
      }
    }
  }

  /** Deletes the bridge when no instance of this provider is left (its own check of the links). */
  void deleteBridgeIfNoneLeft() {
    synchronized (lock) {
      if (live().isEmpty()) {
        network.deleteBridgeIfUnused();
      }
    }
  }
}
