package dev.stratus.tests.chaos;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.testkit.aws.Ec2Model;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * What boots a WireMock cloud's instances for real: every live instance of the EC2 model that
 * carries this cluster's tag and a node's name is mirrored by a local node of that name (an agent
 * and a slurmd in a namespace, launched through the local provider), which registers with the real
 * slurmctld as the cloud's VM would; a node whose instance is gone (terminated, shutting down) or
 * replaced loses its local node. So the controller under test talks to the EC2 model through the
 * real AWS SDK, and Slurm still runs the jobs. Looks every 250 ms; launches and terminations run on
 * their own threads, one per node at a time.
 */
final class CloudBooter implements AutoCloseable {
  private final Ec2Model model;
  private final NodeProvider local;
  private final String cluster;
  private final Offering localOffering;
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
  private final ExecutorService work = Executors.newFixedThreadPool(4);
  private final Map<String, String> mirrors = new ConcurrentHashMap<>(); // node -> EC2 id
  private final Set<String> busy = ConcurrentHashMap.newKeySet();
  final Set<String> failures = ConcurrentHashMap.newKeySet();

  private CloudBooter(Ec2Model model, NodeProvider local, String cluster, Offering localOffering) {
    this.model = model;
    this.local = local;
    this.cluster = cluster;
    this.localOffering = localOffering;
  }

  static CloudBooter start(
      Ec2Model model, NodeProvider local, String cluster, Offering localOffering) {
    CloudBooter b = new CloudBooter(model, local, cluster, localOffering);
    b.timer.scheduleWithFixedDelay(b::look, 0, 250, TimeUnit.MILLISECONDS);
    return b;
  }

  /** The cluster's live EC2 instances by node name (several for a node: a duplicate). */
  static Map<String, List<String>> liveByNode(Ec2Model model, String cluster) {
    Map<String, List<String>> out = new HashMap<>();
    for (String id : model.liveInstanceIds()) {
      Map<String, String> tags = model.tagsOf(id);
      if (cluster.equals(tags.get(Tags.CLUSTER)) && tags.containsKey(Tags.NODE)) {
        out.computeIfAbsent(tags.get(Tags.NODE), n -> new ArrayList<>()).add(id);
      }
    }
    return out;
  }

  /** The cluster's live EC2 instances, a node's name on them or not (not yet: a cut launch). */
  static List<String> liveOfCluster(Ec2Model model, String cluster) {
    return model.liveInstanceIds().stream()
        .filter(id -> cluster.equals(model.tagsOf(id).get(Tags.CLUSTER)))
        .toList();
  }

  private void look() {
    try {
      Map<String, List<String>> cloud = liveByNode(model, cluster);
      Map<String, Instance> booted =
          local.list(cluster).stream()
              .filter(i -> i.nodeName().isPresent())
              .collect(Collectors.toMap(i -> i.nodeName().get(), i -> i, (a, b) -> a));
      for (Map.Entry<String, List<String>> e : cloud.entrySet()) {
        String node = e.getKey();
        String ec2 = e.getValue().get(0);
        Instance mine = booted.get(node);
        if (mine == null) {
          act(node, () -> boot(node, ec2));
        } else if (!ec2.equals(mirrors.get(node)) && !e.getValue().contains(mirrors.get(node))) {
          act(node, () -> replace(node, mine, ec2)); // a new instance for the node
        }
      }
      for (Map.Entry<String, Instance> e : booted.entrySet()) {
        if (!cloud.containsKey(e.getKey())) {
          act(e.getKey(), () -> stop(e.getKey(), e.getValue()));
        }
      }
    } catch (RuntimeException e) {
      // a listing that races a launch is read again 250 ms later
    }
  }

  private void act(String node, Runnable r) {
    if (busy.add(node)) {
      work.execute(
          () -> {
            try {
              r.run();
            } catch (RuntimeException e) {
              failures.add(node + ": " + e.getMessage());
            } finally {
              busy.remove(node);
            }
          });
    }
  }

  private void boot(String node, String ec2) {
    String token = "boot-" + ec2;
    LaunchResult r =
        local.launch(
            new LaunchRequest(
                cluster,
                "gpu",
                localOffering,
                List.of(node),
                token,
                Map.of(Tags.CLUSTER, cluster, Tags.POOL, "gpu", Tags.TOKEN, token),
                true));
    if (!r.failures().isEmpty()) {
      throw new IllegalStateException("local boot of " + node + " failed: " + r.failures());
    }
    mirrors.put(node, ec2);
  }

  private void replace(String node, Instance old, String ec2) {
    stop(node, old);
    boot(node, ec2);
  }

  private void stop(String node, Instance mine) {
    local.terminate(List.of(mine.id()));
    mirrors.remove(node);
  }

  /** Local nodes still up. */
  List<Instance> booted() {
    return local.list(cluster);
  }

  @Override
  public void close() {
    timer.shutdownNow();
    work.shutdownNow();
  }
}
