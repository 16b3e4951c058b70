package dev.stratus.tests.scale;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.sandbox.process.Processes;
import dev.stratus.testkit.fake.FakeNodeProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scale harness's cloud model: an instance exists as soon as it is launched (the in-memory
 * {@link FakeNodeProvider} keeps the record, with its contract-checked launch, list and terminate),
 * and its node "boots" for its type's boot time; then a real {@code slurmd -N <node> -b} starts on
 * this host and registers with slurmctld. All nodes share the host's network namespace and munged:
 * each slurmd listens on the {@code Port=} the harness's slurm.conf gives its node. Terminating an
 * instance stops its slurmd by the pid file slurmd wrote. A node whose slurmd started has a {@code
 * booted} file in its directory, which the harness counts.
 */
final class ScaleNodeProvider implements NodeProvider {
  private static final Logger LOG = LoggerFactory.getLogger(ScaleNodeProvider.class);

  private final FakeNodeProvider cloud;
  private final Map<String, Duration> bootOfType;
  private final ScaleNodes nodes;
  private final ScheduledExecutorService boots = Executors.newScheduledThreadPool(4);

  ScaleNodeProvider(
      String name, List<Offering> offerings, Map<String, Duration> bootOfType, ScaleNodes nodes) {
    this.cloud = new FakeNodeProvider(name, offerings, Clock.systemUTC());
    cloud.needsNodeCredentials(false);
    this.bootOfType = Map.copyOf(bootOfType);
    this.nodes = nodes;
  }

  @Override
  public String name() {
    return cloud.name();
  }

  @Override
  public List<Offering> offerings() {
    return cloud.offerings();
  }

  /** Records the instances at once; each node's slurmd starts after its type's boot time. */
  @Override
  public LaunchResult launch(LaunchRequest request) {
    LaunchResult result = cloud.launch(request);
    Duration boot = bootOfType.get(request.offering().key().instanceType());
    for (Instance i : result.launched()) {
      i.nodeName()
          .ifPresent(
              n -> boots.schedule(() -> nodes.boot(n), boot.toMillis(), TimeUnit.MILLISECONDS));
    }
    return result;
  }

  @Override
  public List<Instance> list(String cluster) {
    return cloud.list(cluster);
  }

  @Override
  public Optional<Instance> get(String instanceId) {
    return cloud.get(instanceId);
  }

  @Override
  public void terminate(Collection<String> instanceIds) {
    for (String id : instanceIds) {
      cloud.get(id).flatMap(Instance::nodeName).ifPresent(nodes::stop);
    }
    cloud.terminate(instanceIds);
  }

  @Override
  public void close() {
    boots.shutdownNow();
  }

  /** Where the nodes' slurmd run from: the harness's Slurm, one directory per node. */
  record ScaleNodes(Path slurmd, Path slurmConf, Path nodesDir) {
    /** {@code slurmd -N node -b}, which daemonizes; then the node's {@code booted} mark. */
    void boot(String node) {
      try {
        Path dir = nodesDir.resolve(node);
        Files.createDirectories(dir.resolve("spool"));
        int rc =
            Processes.run(
                List.of(slurmd.toString(), "-N", node, "-b"),
                Map.of("SLURM_CONF", slurmConf.toString(), "PATH", Processes.PATH),
                dir.resolve("boot.log"),
                Duration.ofSeconds(60));
        if (rc != 0) {
          LOG.warn("slurmd of {} exited {} at start, see {}", node, rc, dir.resolve("boot.log"));
          return;
        }
        Files.writeString(dir.resolve("booted"), Instant.now() + "\n");
      } catch (IOException e) {
        throw new UncheckedIOException("cannot boot " + node, e);
      } catch (RuntimeException e) {
        LOG.warn("booting {} failed: {}", node, e.toString());
      }
    }

    /**
     * The node's slurmd, stopped by its pid file (SIGTERM, SIGKILL after 5 s) if that pid is still
     * this slurmd (a stale file's pid may be another program's by now); none: nothing.
     */
    void stop(String node) {
      Processes.readPid(nodesDir.resolve(node).resolve("slurmd.pid"))
          .filter(pid -> runs(pid, slurmd))
          .ifPresent(pid -> Processes.stop(pid, Duration.ofSeconds(5)));
    }

    /**
     * Whether {@code pid} runs {@code program}: /proc names the resolved binary (Debian's {@code
     * /usr/sbin/slurmd} is an alternatives link to {@code slurmd-wlm}).
     */
    static boolean runs(long pid, Path program) {
      try {
        String real = program.toRealPath().toString();
        return ProcessHandle.of(pid)
            .flatMap(h -> h.info().command())
            .filter(real::equals)
            .isPresent();
      } catch (IOException e) {
        return false;
      }
    }
  }
}
