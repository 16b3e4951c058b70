package dev.stratus.core.controller;

import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.testing.FakeSlurm;
import dev.stratus.core.testing.InMemoryRequests;
import dev.stratus.testkit.fake.FakeNodeProvider;
import java.time.Clock;
import java.util.Map;

/** The controller of the topology tests: one fake cloud, and two of its nodes launched. */
final class TopologyControllers {
  private TopologyControllers() {}

  static Controller start(
      StratusConfig config,
      FakeSlurm slurm,
      FakeNodeProvider cloud,
      InMemoryRequests spool,
      Clock clock) {
    return new Controller(
        ControllerParts.builder(
                config, slurm, Map.<String, NodeProvider>of(cloud.name(), cloud), spool, clock)
            .credentials(NodeCredentials.NONE)
            .build());
  }

  /** gpu-001 and gpu-002 launched for job 7 (one pass), and running from the next pass on. */
  static void launchTwoNodes(
      Controller controller, FakeSlurm slurm, InMemoryRequests spool, Clock clock) {
    slurm.poweringUp("gpu-001");
    slurm.poweringUp("gpu-002");
    spool.addResume("r1", 7, clock.instant(), "gpu-001", "gpu-002");
    controller.runPass();
    ControllerFixture.awaitCloud(controller);
  }
}
