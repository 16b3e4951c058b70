package dev.stratus.provider.local;

import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * What a launch request means given the instances that exist: nodes that already run under this
 * client token (returned as they are: launch is idempotent), nodes whose record's boot was
 * abandoned (its launcher died before the node's agent ran: torn down and booted again, as a cloud
 * boots an accepted instance whatever becomes of its caller), nodes that cannot be launched (busy
 * under another token, or a faked capacity error), and the nodes to boot. Pure.
 */
record LaunchPlan(
    List<InstanceRecord> existing,
    List<InstanceRecord> abandoned,
    List<LaunchResult.Failure> failures,
    List<String> toBoot) {
  /** The error code of a node held by an instance of another client token. */
  static final String BUSY = "LocalNodeBusy";

  LaunchPlan {
    existing = List.copyOf(existing);
    abandoned = List.copyOf(abandoned);
    failures = List.copyOf(failures);
    toBoot = List.copyOf(toBoot);
  }

  /**
   * {@code abandoned}: a record nothing boots any more and nothing runs in (see {@link
   * LocalNodes#abandoned}).
   */
  static LaunchPlan of(
      LaunchRequest request,
      LocalFaults faults,
      List<InstanceRecord> records,
      Predicate<String> netnsExists,
      Predicate<InstanceRecord> abandoned) {
    List<InstanceRecord> live = records.stream().filter(r -> netnsExists.test(r.netns())).toList();
    List<InstanceRecord> existing = new ArrayList<>();
    List<InstanceRecord> reboot = new ArrayList<>();
    List<LaunchResult.Failure> failures = new ArrayList<>();
    List<String> toBoot = new ArrayList<>();
    for (String node : request.nodeNames()) {
      String id = LocalNames.instanceId(request.cluster(), request.clientToken(), node);
      String netns = LocalNames.netns(request.cluster(), node);
      var same = live.stream().filter(r -> r.id().equals(id)).findFirst();
      var busy = live.stream().filter(r -> r.netns().equals(netns)).findFirst();
      if (same.isPresent() && abandoned.test(same.get())) {
        reboot.add(same.get());
        toBoot.add(node);
      } else if (same.isPresent()) {
        existing.add(same.get());
      } else if (busy.isPresent() && abandoned.test(busy.get())) {
        reboot.add(busy.get());
        toBoot.add(node);
      } else if (busy.isPresent()) {
        failures.add(
            failure(
                request,
                node,
                new ProviderError.InvalidRequest(
                    BUSY,
                    "node "
                        + node
                        + " already runs as instance "
                        + busy.get().id()
                        + " (launched with another client token)")));
      } else if (faults.failsLaunchOf(node)) {
        failures.add(
            failure(
                request,
                node,
                new ProviderError.InsufficientCapacity(
                    "LocalCapacity", "no local capacity for node " + node + " (failLaunches)")));
      } else {
        toBoot.add(node);
      }
    }
    return new LaunchPlan(existing, reboot, failures, toBoot);
  }

  private static LaunchResult.Failure failure(LaunchRequest request, String node, ProviderError e) {
    return new LaunchResult.Failure(request.offering().key(), List.of(node), e);
  }
}
