package dev.stratus.core.plan;

import dev.stratus.hook.spool.SpoolRequest;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The hook requests of one plan in the order slurmctld made them (the hook's time, then the spool
 * id, which sorts in arrival order), and for each node the last of them that names it. A node's
 * last request is what Slurm wants now: a RESUME followed by a SUSPEND of the same node launches
 * nothing, and a SUSPEND followed by a RESUME terminates the old instance and launches a new one.
 */
final class RequestOrder {
  private final List<SpoolRequest> ordered;
  private final Map<String, SpoolRequest> lastByNode = new HashMap<>();

  RequestOrder(List<SpoolRequest> requests) {
    this.ordered =
        requests.stream()
            .sorted(Comparator.comparing(SpoolRequest::receivedAt).thenComparing(SpoolRequest::id))
            .toList();
    for (SpoolRequest request : ordered) {
      for (String node : request.nodes()) {
        lastByNode.put(node, request);
      }
    }
  }

  List<SpoolRequest> ordered() {
    return ordered;
  }

  /** True when no later request of this plan names {@code node}. */
  boolean isLastFor(String node, SpoolRequest request) {
    return lastByNode.get(node) == request;
  }
}
