package dev.stratus.tests.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.core.model.Instance;
import dev.stratus.core.spi.LaunchResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The contract suite against the real local provider (run as root): every launched node is a
 * network namespace with its own munged and slurmd, started by the node-bootstrap agent. Plus what
 * only the local provider promises: hostname, namespace, signal mask, GPU check, cleanup.
 */
class LocalNodeProviderContractTest extends NodeProviderContract {
  static final long SIGPIPE_BIT = 1L << (13 - 1);
  static final long SIGTERM_BIT = 1L << (15 - 1);
  static LocalTestbed bed;

  @BeforeAll
  static void createTestbed() throws Exception {
    bed = new LocalTestbed();
  }

  @AfterAll
  static void nothingIsLeftBehind() throws Exception {
    try {
      assertThat(LocalProbe.namespacesOf(bed.runId)).as("namespaces left by this run").isEmpty();
      assertThat(LocalProbe.linkExists(bed.bridge)).as("bridge " + bed.bridge + " left").isFalse();
    } finally {
      LocalProbe.reapLeftovers(bed.runId, bed.bridge);
      bed.delete();
    }
  }

  @Override
  protected ContractHarness createHarness() throws Exception {
    return new LocalHarness(bed, Map.of());
  }

  Instance launchOne() {
    LaunchResult result = provider.launch(request(harness.nodeNames(1), true));
    assertThat(result.failures()).isEmpty();
    return result.launched().get(0);
  }

  @Test
  void aLaunchedNodeRunsItsOwnMungedAndSlurmdUnderItsNodeNameInItsOwnNamespace() throws Exception {
    Instance node = launchOne();
    String name = node.nodeName().orElseThrow();
    String netns = "st-" + harness.cluster() + "-" + name;

    long slurmd = LocalProbe.pidOf(netns, "slurmd");
    assertThat(LocalProbe.pidOf(netns, "munged")).isPositive();
    assertThat(LocalProbe.run("nsenter", "--target", "" + slurmd, "--uts", "hostname"))
        .isEqualTo(name);
    assertThat(node.address()).startsWith(bed.gateway.substring(0, bed.gateway.length() - 1));
    assertThat(LocalProbe.run("ip", "-n", netns, "-o", "-4", "addr", "show", "dev", "eth0"))
        .contains(" " + node.address() + "/24");
    // slurmd blocks SIGPIPE itself; anything else blocked was inherited (and TERM would be
    // ignored).
    assertThat(LocalProbe.blockedSignals(slurmd) & ~SIGPIPE_BIT).as("slurmd's SigBlk").isZero();
    assertThat(LocalProbe.blockedSignals(LocalProbe.pidOf(netns, "munged")) & SIGTERM_BIT).isZero();
    assertThat(LocalProbe.environmentKeys(slurmd)).containsExactlyInAnyOrder("SLURM_CONF", "PATH");
  }

  @Test
  void slurmdStaysUpWithoutAnySlurmctld() throws Exception {
    Instance node = launchOne();
    String netns = "st-" + harness.cluster() + "-" + node.nodeName().orElseThrow();
    long slurmd = LocalProbe.pidOf(netns, "slurmd");

    await()
        .during(Duration.ofSeconds(3))
        .atMost(Duration.ofSeconds(5))
        .until(() -> Files.exists(Path.of("/proc/" + slurmd)));
  }
}
