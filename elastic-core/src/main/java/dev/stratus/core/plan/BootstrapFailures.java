package dev.stratus.core.plan;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.wire.BootstrapReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What to do about nodes whose bootstrap agent reported a failed step (a cloud node found the wrong
 * GPUs, or slurmctld refused its munge key): set the node DOWN with what it found and terminate its
 * instance, instead of waiting for ResumeTimeout and leaving a reason that says nothing. Pure.
 *
 * <p>A report is acted on only when an alive instance is bound to the node. The endpoint has
 * already checked that the report is signed with that node's own key (a key derived per launch,
 * which only the node and the controller hold), so one node, or anything else on the network,
 * cannot take down another; the sender's address proves nothing and is kept for logs only.
 */
public final class BootstrapFailures {
  private BootstrapFailures() {}

  /** For each report: set DOWN and terminate, or {@link Action.ReportIgnored} saying why not. */
  static List<Action> plan(List<BootstrapReport> failed, List<Instance> instances) {
    List<Action> actions = new ArrayList<>();
    for (BootstrapReport r : failed) {
      Optional<Instance> instance = boundTo(r.node(), instances);
      if (instance.isEmpty()) {
        actions.add(
            new Action.ReportIgnored(r.node(), r.from(), "no alive instance is bound to the node"));
        continue;
      }
      String reason = Reasons.of(r.step() + ": node " + r.node() + ": " + r.message());
      actions.add(new Action.SetDown(List.of(r.node()), reason));
      actions.add(new Action.Terminate(List.of(instance.get().id()), reason));
      if (r.step().equals(ProviderError.BootstrapFailed.GPU_HEALTH)) {
        // The next instance of that offering may well fail too: try others first (its TTL).
        actions.add(new Action.MarkUnavailable(instance.get().offering(), reason));
        actions.add(
            new Action.AdmissionFailed(
                r.node(), instance.get().id(), instance.get().offering(), reason));
      }
    }
    return actions;
  }

  private static Optional<Instance> boundTo(String node, List<Instance> instances) {
    return instances.stream()
        .filter(i -> i.state().alive())
        .filter(i -> node.equals(i.tags().get(Tags.NODE)))
        .findFirst();
  }
}
