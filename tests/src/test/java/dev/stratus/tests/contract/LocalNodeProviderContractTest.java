package dev.stratus.tests.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.testkit.contract.ContractHarness;
import dev.stratus.testkit.contract.NodeProviderContract;
import dev.stratus.testkit.contract.ReservationContract;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The contract suite against the real local provider (run as root): every launched node is a
 * network namespace with its own munged and slurmd, started by the node-bootstrap agent. Plus what
 * only the local provider promises: hostname, namespace, signal mask, GPU check, cleanup.
 */
@Tag("slurm")
class LocalNodeProviderContractTest extends NodeProviderContract implements ReservationContract {
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

  String netnsOf(Instance node) {
    return "st-" + harness.cluster() + "-" + node.nodeName().orElseThrow();
  }

  @Test
  void aNodeWithoutItsGpusFailsAtTheGpuStepStartsNoSlurmdAndLeavesNothing() throws Exception {
    Path devices = Files.createDirectories(bed.root.resolve("dev-missing-one"));
    // nvidia7 exists but is no NVIDIA device (major 1): the provider leaves it, the agent counts 7.
    LocalProbe.run("mknod", devices.resolve("nvidia7").toString(), "c", "1", "3");
    try (LocalHarness broken = new LocalHarness(bed, Map.of("deviceDir", devices.toString()))) {
      String node = broken.nodeNames(1).get(0);

      LaunchResult result =
          broken.provider().launch(request(broken.cluster(), List.of(node), newToken(), false));

      assertThat(result.launched()).isEmpty();
      assertThat(result.failures())
          .singleElement()
          .satisfies(
              f -> {
                assertThat(f.error()).isInstanceOf(ProviderError.BootstrapFailed.class);
                assertThat(f.error().code()).isEqualTo("gpus");
                assertThat(f.error().message())
                    .contains("node " + node)
                    .contains("gpu: found 7 of 8 GPU devices")
                    .contains("slurmd not started");
              });
      assertThat(broken.provider().list(broken.cluster())).isEmpty();
      assertThat(LocalProbe.namespacesOf(bed.runId)).noneMatch(n -> n.endsWith(node));
      assertThat(bed.root.resolve("slurmd/" + node + "/slurmd.log")).doesNotExist();
    }
  }

  @Test
  void aNodeKilledFromOutsideIsNoLongerListed() throws Exception {
    Instance node = launchOne();
    String netns = netnsOf(node);

    // Kill until nothing is left: the node's metadata endpoint may still be starting.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () -> {
              String pids = LocalProbe.run("ip", "netns", "pids", netns).strip();
              for (String pid : pids.isEmpty() ? new String[0] : pids.split("\\s+")) {
                ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
              }
              return pids.isEmpty();
            });
    LocalProbe.run("ip", "netns", "del", netns);

    assertThat(provider.list(harness.cluster())).isEmpty();
    assertThat(provider.get(node.id())).isEmpty();
    provider.terminate(List.of(node.id()));
  }

  @Test
  void aRelaunchedNodeGetsTheSameAddressAndCloseRemovesTheBridge() throws Exception {
    Instance first = launchOne();
    String name = first.nodeName().orElseThrow();
    provider.terminate(List.of(first.id()));

    LaunchResult again = provider.launch(request(List.of(name), true));
    assertThat(again.launched())
        .singleElement()
        .satisfies(
            i -> {
              assertThat(i.address()).isEqualTo(first.address());
              assertThat(i.id()).isNotEqualTo(first.id());
            });
    assertThat(LocalProbe.linkExists(bed.bridge)).isTrue();

    provider.terminate(List.of(again.launched().get(0).id()));
    Path nodeDir = ((LocalHarness) harness).stateDir.resolve("nodes/" + netnsOf(first));
    assertThat(nodeDir.resolve("status.jsonl")).exists();
    assertThat(nodeDir.resolve("keys")).as("the node's copy of the munge key").doesNotExist();
    provider.close();

    assertThat(LocalProbe.linkExists(bed.bridge)).isFalse();
    assertThat(LocalProbe.namespacesOf(bed.runId)).isEmpty();
  }

  /**
   * The gateway keeps its link-layer address while nodes come and go: a bridge left to pick the
   * lowest of its ports' addresses changes it when such a node leaves, and the other nodes then
   * send to an address nobody answers until their neighbour entries expire (a reclaim notice timed
   * out connecting to the controller for 18 s that way).
   */
  @Test
  void theBridgeKeepsItsAddressWhileNodesComeAndGo() throws Exception {
    provider.start();
    String before = bridgeAddress();
    LaunchResult two = provider.launch(request(harness.nodeNames(2), true));
    assertThat(two.launched()).hasSize(2);
    assertThat(bridgeAddress()).as("with two nodes").isEqualTo(before);
    for (Instance node : two.launched()) {
      provider.terminate(List.of(node.id()));
      assertThat(bridgeAddress())
          .as("after " + node.nodeName().orElseThrow() + " left")
          .isEqualTo(before);
    }
  }

  private static String bridgeAddress() throws IOException {
    return Files.readString(Path.of("/sys/class/net", bed.bridge, "address")).strip();
  }

  @Test
  void theNodesOfOneLaunchBootInParallel() throws Exception {
    LaunchResult result = provider.launch(request(harness.nodeNames(2), true));
    assertThat(result.launched()).hasSize(2);

    // [settings written just before the agent was started, the agent's last step]
    List<Instant[]> spans = new ArrayList<>();
    for (Instance node : result.launched()) {
      Path dir = ((LocalHarness) harness).stateDir.resolve("nodes/" + netnsOf(node));
      List<Instant> at =
          Files.readAllLines(dir.resolve("status.jsonl")).stream()
              .map(l -> Instant.parse(l.replaceAll(".*\"at\":\"([^\"]+)\".*", "$1")))
              .toList();
      spans.add(
          new Instant[] {
            Files.getLastModifiedTime(dir.resolve("agent.json")).toInstant(), at.get(at.size() - 1)
          });
    }
    // Each node's agent was started before the other one had finished: in sequence, the second
    // would only be set up once the first had exited. (The agents' own first steps are not
    // compared: a JVM can take longer to start on a busy machine than a whole agent run.)
    assertThat(spans.get(0)[0]).isBefore(spans.get(1)[1]);
    assertThat(spans.get(1)[0]).isBefore(spans.get(0)[1]);
  }
}
