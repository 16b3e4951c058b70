package dev.stratus.provider.local;

import java.time.Duration;
import java.util.List;

/**
 * "Terminates the VM": SIGTERM to every process {@code ip netns pids} lists for the node's
 * namespace, up to {@link #GRACE} for them to exit, SIGKILL for the rest, then the veth and the
 * namespace are deleted. Only namespaces named by {@link LocalNames} are touched, so only processes
 * this provider started (munged, slurmd, their jobs) are ever signalled.
 */
final class NodeReaper {
  static final Duration GRACE = Duration.ofSeconds(5);
  private static final long POLL_MILLIS = 50;

  private NodeReaper() {}

  static void reap(HostNetwork network, String netns, String veth) {
    signal(HostNetwork.pids(netns), false);
    if (!waitEmpty(netns, GRACE)) {
      signal(HostNetwork.pids(netns), true);
      waitEmpty(netns, Duration.ofSeconds(2));
    }
    network.deleteNode(netns, veth);
  }

  /**
   * A spot reclaim without grace: SIGKILL to everything in the namespace at once, then the veth and
   * namespace are deleted. Something else deleting the namespace meanwhile (the controller
   * terminating the same instance) is fine: the node is gone either way.
   */
  static void kill(HostNetwork network, String netns, String veth) {
    signal(HostNetwork.pids(netns), true);
    waitEmpty(netns, Duration.ofSeconds(5));
    try {
      network.deleteNode(netns, veth);
    } catch (LocalCommandException e) {
      if (HostNetwork.netnsExists(netns)) {
        throw e;
      }
    }
  }

  /** SIGTERM, or SIGKILL when {@code force}; ProcessHandle checks the start time against reuse. */
  private static void signal(List<Long> pids, boolean force) {
    for (long pid : pids) {
      if (pid == ProcessHandle.current().pid()) {
        continue;
      }
      ProcessHandle.of(pid)
          .ifPresent(
              p -> {
                if (force) {
                  p.destroyForcibly();
                } else {
                  p.destroy();
                }
              });
    }
  }

  private static boolean waitEmpty(String netns, Duration limit) {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!HostNetwork.pids(netns).isEmpty()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return true;
  }
}
