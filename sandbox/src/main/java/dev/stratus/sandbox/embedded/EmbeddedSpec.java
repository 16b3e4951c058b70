package dev.stratus.sandbox.embedded;

import static dev.stratus.api.model.Checks.positive;
import static dev.stratus.api.model.Checks.slurmName;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;

/**
 * The shape of a scratch cluster on this machine: one GPU pool of local nodes, split over racks.
 * {@code subnetOctet} picks the private 10.X.Y.0/24 the bridge uses; {@code slurmctldPort} must be
 * free. Everything lives under {@code root}. The controller's notice endpoint listens on the bridge
 * address at {@code noticePort}; each node's watcher reports there ({@code spot.grace} {@code
 * spotGrace}). {@code hardware}: what each node really has, which the pool declares.
 */
public record EmbeddedSpec(
    Path root,
    String cluster,
    String pool,
    String gpuModel,
    int gpusPerNode,
    int nodes,
    List<Integer> rackSizes,
    int slurmctldPort,
    String bridge,
    String subnet,
    Duration suspendTime,
    Duration downHold,
    int noticePort,
    Duration spotGrace,
    NodeHardware hardware) {
  public EmbeddedSpec {
    root = root.toAbsolutePath();
    slurmName("cluster", cluster);
    slurmName("pool", pool);
    slurmName("gpuModel", gpuModel);
    positive("gpusPerNode", gpusPerNode);
    positive("nodes", nodes);
    rackSizes = List.copyOf(rackSizes);
    if (rackSizes.stream().mapToInt(Integer::intValue).sum() != nodes) {
      throw new IllegalArgumentException("rack sizes " + rackSizes + " must add up to " + nodes);
    }
    if (noticePort < 1 || noticePort > 65535 || noticePort == slurmctldPort) {
      throw new IllegalArgumentException(
          "noticePort must be 1..65535 and not slurmctld's port, got " + noticePort);
    }
    if (hardware == null) {
      throw new IllegalArgumentException("the nodes' hardware is required");
    }
    if (bridge.length() > 15) {
      throw new IllegalArgumentException("bridge name longer than 15 characters: " + bridge);
    }
  }

  /**
   * A cluster with names, port and subnet drawn from {@code random}, so several can run on one
   * machine at once (tests, a demo next to a test run).
   */
  public static EmbeddedSpec random(Path root, String cluster, int nodes, Random random) {
    return random(
        root,
        cluster,
        nodes,
        random,
        NodeHardware.measure(Path.of("/usr/sbin"), root.resolve("log/embedded-commands.log")));
  }

  /** As {@link #random(Path, String, int, Random)}, for nodes with {@code hardware}. */
  public static EmbeddedSpec random(
      Path root, String cluster, int nodes, Random random, NodeHardware hardware) {
    int b = 200 + random.nextInt(50);
    int c = random.nextInt(250) + 1;
    int left = nodes / 2;
    List<Integer> racks = left == 0 ? List.of(nodes) : List.of(nodes - left, left);
    return new EmbeddedSpec(
        root,
        cluster,
        "gpu",
        "h100",
        8,
        nodes,
        racks,
        ListenPorts.draw(random),
        "stb" + Integer.toHexString(random.nextInt(0x100000)),
        "10." + b + "." + c + ".0/24",
        Duration.ofSeconds(10),
        Duration.ofSeconds(15),
        ListenPorts.draw(random),
        Duration.ofSeconds(10),
        hardware);
  }

  /** The notice URL each node's watcher POSTs to. */
  public String noticeUrl() {
    return "http://" + bridgeAddress() + ":" + noticePort + "/v1/notices";
  }

  public String bridgeAddress() {
    String prefix = subnet.substring(0, subnet.lastIndexOf('.'));
    return prefix + ".1";
  }
}
