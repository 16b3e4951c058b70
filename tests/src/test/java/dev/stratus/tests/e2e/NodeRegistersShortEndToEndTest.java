package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.Offering;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.sandbox.embedded.NodeHardware;
import dev.stratus.tests.support.E2eCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On the real Slurm 22.05, without {@code config_overrides}: a pool that declares more CPUs than
 * its nodes have. Each node slurmd registers is INVAL; the controller sets it DOWN saying what it
 * has against what the pool says, terminates it and marks its offering invalid, so after the two
 * local offerings nothing more is launched.
 */
@Tag("slurm")
class NodeRegistersShortEndToEndTest {
  @Test
  void aNodeWithFewerCpusThanItsPoolSaysIsSetDownTerminatedAndItsOfferingsAreNotTriedAgain()
      throws Exception {
    NodeHardware real = NodeHardware.measure(Path.of("/usr/sbin"), null);
    int declared = real.cpus() + 2;
    try (E2eCluster e2e =
        E2eCluster.start("short", 2, new NodeHardware(declared, real.memoryMiB()))) {
      String job = e2e.sbatch("--requeue", "-N1", "--gres=gpu:h100:1", "--wrap", "hostname");

      SlurmNode refused =
          await()
              .atMost(Duration.ofSeconds(120))
              .pollInterval(Duration.ofMillis(500))
              .until(
                  () ->
                      e2e.nodes().stream()
                          .filter(n -> n.reason().contains("registered short of pool gpu"))
                          .findFirst(),
                  Optional::isPresent)
              .get();
      assertThat(refused.reason())
          .startsWith("stratus: registered short of pool gpu: ")
          .contains("fewer CPUs than " + declared)
          .endsWith("instance terminated, offering marked invalid");
      // the controller reads scontrol's node lines: they say what the JSON form says, on every
      // release (24.11 and later print fields after the reason)
      await()
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(500))
          .untilAsserted(
              () -> assertThat(e2e.nodes()).containsExactlyInAnyOrderElementsOf(e2e.nodesAsJson()));
      var offerings = e2e.cluster.config().pools().get(0).offerings();
      await()
          .atMost(Duration.ofSeconds(180))
          .pollInterval(Duration.ofSeconds(1))
          .untilAsserted(
              () ->
                  assertThat(e2e.runtime().controller().unavailable().invalid())
                      .containsExactlyInAnyOrderElementsOf(
                          offerings.stream().map(Offering::key).toList()));
      await()
          .atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofSeconds(1))
          .untilAsserted(
              () -> {
                assertThat(e2e.local().list(e2e.cluster.config().cluster())).isEmpty();
                assertThat(e2e.namespaces()).isEmpty();
              });
      assertThat(e2e.jobState(job)).isIn("PENDING", "CONFIGURING");
      e2e.run("scancel", job);
    }
  }
}
