package dev.stratus.tests.bench;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.daemon.ControllerRuntime;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.sandbox.embedded.EmbeddedSpec;
import dev.stratus.tests.support.E2eCluster;
import java.nio.file.Files;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.function.UnaryOperator;

/**
 * A scratch embedded cluster with its controller, started for a benchmark; closing it stops the
 * controller, terminates every instance left and removes the cluster (namespaces, bridge, files).
 */
final class BenchCluster implements AutoCloseable {
  final EmbeddedCluster cluster;
  final ControllerRuntime runtime;

  BenchCluster(String prefix, int nodes) throws Exception {
    this(prefix, nodes, c -> c);
  }

  /** {@code config}: the controller's config, made from the prepared cluster's. */
  BenchCluster(String prefix, int nodes, UnaryOperator<StratusConfig> config) throws Exception {
    SecureRandom random = new SecureRandom();
    cluster =
        EmbeddedCluster.prepare(
            EmbeddedSpec.random(
                Files.createTempDirectory("stratus-bench-"),
                prefix + Integer.toHexString(random.nextInt(0x1000)),
                nodes,
                random),
            E2eCluster.slurmUnderTest());
    runtime = ControllerRuntime.start(config.apply(cluster.config()), Clock.systemUTC());
    try {
      cluster.start();
    } catch (Exception | Error e) {
      close();
      throw e;
    }
  }

  @Override
  public void close() {
    runtime.close();
    for (NodeProvider p : runtime.providers().values()) {
      p.terminate(p.list(cluster.config().cluster()).stream().map(Instance::id).toList());
      p.close();
    }
    cluster.close();
  }
}
