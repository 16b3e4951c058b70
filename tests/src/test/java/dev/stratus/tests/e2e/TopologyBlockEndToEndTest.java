package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.core.config.SlurmSettings;
import dev.stratus.core.render.TopologyWriter;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.sandbox.slurm.SlurmInstall;
import dev.stratus.tests.support.E2eCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * topology/block on the real Slurm 24.11 (always the Debian 13 root, whatever {@code
 * -Dstratus.slurm} says: 22.05 has no block plugin). topology.conf is what Stratus renders for
 * {@code slurm.topology: block} from the local provider's placement of the slots (two racks of two,
 * each rack an NVLink domain); slurmctld must start on it and keep a job that fits a block inside
 * one.
 */
@Tag("slurm")
class TopologyBlockEndToEndTest {
  @Test
  void slurm2411TakesTheRenderedBlocksAndKeepsATwoNodeJobInsideTheBlockWithRoom() throws Exception {
    SlurmInstall slurm2411 = SlurmInstall.choose("24.11", System.err);
    try (E2eCluster e2e = E2eCluster.startOn(slurm2411, "blk", 4, this::useBlocks)) {
      assertThat(e2e.run("scontrol", "show", "config"))
          .containsPattern("TopologyPlugin\\s+= topology/block");
      assertThat(e2e.run("scontrol", "show", "topology"))
          .contains("BlockName=gpu-spine-rack-a")
          .contains("Nodes=gpu-[001-002] BlockSize=2")
          .contains("BlockName=gpu-spine-rack-b")
          .contains("Nodes=gpu-[003-004] BlockSize=2");

      // gpu-001 taken whole: without blocks the next two nodes in order (gpu-[002-003]) would
      // span the racks; with them only rack-b has two free nodes.
      String first = e2e.sbatch("--exclusive", "-w", "gpu-001", "--wrap", "sleep 120");
      awaitRunning(e2e, first);
      String pair = e2e.sbatch("--exclusive", "-N2", "--wrap", "hostname");
      await()
          .atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(500))
          .until(() -> e2e.jobState(pair), "COMPLETED"::equals);

      assertThat(e2e.job(pair).orElseThrow().nodes()).isEqualTo("gpu-[003-004]");
      assertThat(e2e.output(pair)).contains("gpu-003");
      e2e.run("scancel", first);
    }
  }

  /** Before slurmctld starts: the block file from the racks, and the base conf's plugin. */
  private void useBlocks(EmbeddedCluster cluster) {
    Path conf = cluster.config().slurm().slurmConf();
    try {
      Files.writeString(
          conf.resolveSibling(TopologyWriter.FILE),
          TopologyWriter.render(
              SlurmSettings.Topology.BLOCK, cluster.config().pools(), cluster.rackPaths()));
      String base = Files.readString(conf);
      assertThat(base).contains("TopologyPlugin=topology/tree\n");
      Files.writeString(
          conf, base.replace("TopologyPlugin=topology/tree\n", "TopologyPlugin=topology/block\n"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void awaitRunning(E2eCluster e2e, String job) {
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> e2e.jobState(job), "RUNNING"::equals);
  }
}
