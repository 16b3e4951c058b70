package dev.stratus.provider.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The host-side network of the local nodes: one bridge (created by a local provider, remembered
 * with a machine-wide marker file under {@link #MARKERS}, so every local provider on this machine
 * knows the bridges local providers made, and deleted only by one) and per node a network namespace
 * with a veth pair whose {@code eth0} end sits in the namespace. Only names from {@link LocalNames}
 * are ever created or deleted.
 */
final class HostNetwork {
  private final String bridge;
  private final Subnet subnet;
  private final Path marker;

  /** Markers of the bridges local providers created; /run is emptied at boot, as bridges are. */
  static final Path MARKERS = Path.of("/run/stratus/local-bridges");

  HostNetwork(String bridge, Subnet subnet) {
    this.bridge = bridge;
    this.subnet = subnet;
    this.marker = MARKERS.resolve(bridge);
  }

  /**
   * Creates the bridge with the subnet's gateway address, unless it already exists from an earlier
   * run of this provider. A bridge of that name that this provider did not create, or a subnet
   * already used by another interface, is refused: this provider does not touch others' networks.
   */
  synchronized void ensureBridge() {
    if (linkExists(bridge)) {
      if (!Files.exists(marker)) {
        throw new LocalCommandException(
            "interface "
                + bridge
                + " exists but was not created by the local provider; "
                + "set another bridge name");
      }
      if (!BridgeMac.isFixed(bridge)) { // made by a release that did not fix it
        Shell.check("ip", "link", "set", bridge, "address", BridgeMac.of(bridge));
      }
      return;
    }
    String used = Shell.check("ip", "-o", "-4", "addr", "show");
    for (String line : used.split("\n")) {
      if (line.contains(" inet " + subnet.prefix())) {
        throw new LocalCommandException(
            "subnet " + subnet + " is already in use on this machine: " + line.trim());
      }
    }
    try {
      Files.createDirectories(marker.getParent());
      Files.writeString(marker, subnet.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + marker, e);
    }
    // A fixed address: a bridge without one takes the lowest of its ports' addresses, so it
    // changes whenever a node with a lower one comes or goes, and every other node's cached
    // neighbour entry for the gateway goes stale, dropping its packets to the controller (its
    // notices, for up to ~30 s) until the entry expires.
    Shell.check("ip", "link", "add", bridge, "address", BridgeMac.of(bridge), "type", "bridge");
    Shell.check("ip", "addr", "add", subnet.gateway() + "/24", "dev", bridge);
    Shell.check("ip", "link", "set", bridge, "up");
  }

  /** Deletes the bridge if this provider created it and no interface is attached to it any more. */
  synchronized boolean deleteBridgeIfUnused() {
    if (!Files.exists(marker)) {
      return false;
    }
    if (linkExists(bridge)) {
      if (!Shell.check("ip", "-o", "link", "show", "master", bridge).isBlank()) {
        return false;
      }
      Shell.check("ip", "link", "del", bridge);
    }
    try {
      Files.deleteIfExists(marker);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + marker, e);
    }
    return true;
  }

  void addNetns(String netns) {
    requireOurs(netns);
    Shell.check("ip", "netns", "add", netns);
  }

  /**
   * veth on the bridge, eth0 in the namespace with the address, links up (docs/slurm-facts.md, "One
   * namespace set per node").
   */
  void wire(String netns, String veth, String address) {
    requireOurs(netns);
    Shell.check("ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", netns);
    Shell.check("ip", "link", "set", veth, "master", bridge, "up");
    Shell.check("ip", "-n", netns, "addr", "add", address + "/24", "dev", "eth0");
    Shell.check("ip", "-n", netns, "link", "set", "lo", "up");
    Shell.check("ip", "-n", netns, "link", "set", "eth0", "up");
  }

  /** Deletes the veth (if still there) and the namespace; both missing is fine. */
  void deleteNode(String netns, String veth) {
    requireOurs(netns);
    if (linkExists(veth)) {
      Shell.run("ip", "link", "del", veth);
    }
    if (netnsExists(netns)) {
      Shell.check("ip", "netns", "del", netns);
    }
  }

  static boolean netnsExists(String netns) {
    return Files.exists(Path.of("/run/netns", netns));
  }

  /** PIDs of the processes in the namespace ({@code ip netns pids}); empty when it is gone. */
  static List<Long> pids(String netns) {
    requireOurs(netns);
    if (!netnsExists(netns)) {
      return List.of();
    }
    Shell.Result r = Shell.run("ip", "netns", "pids", netns);
    if (!r.ok() || r.output().isBlank()) {
      return List.of();
    }
    return Arrays.stream(r.output().split("\\s+")).map(Long::parseLong).toList();
  }

  static boolean linkExists(String name) {
    return Files.exists(Path.of("/sys/class/net", name));
  }

  private static void requireOurs(String netns) {
    if (!LocalNames.ours(netns)) {
      throw new IllegalArgumentException("refusing to touch namespace " + netns + ": not ours");
    }
  }
}
