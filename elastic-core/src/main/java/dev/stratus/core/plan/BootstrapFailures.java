package dev.stratus.core.plan;

import dev.stratus.core.model.Instance;
import dev.stratus.core.model.Tags;
import dev.stratus.wire.BootstrapReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What to do about nodes whose bootstrap agent reported a failed step (a cloud node found the wrong
 * GPUs, or slurmctld refused its munge key): set the node DOWN with what it found and terminate its
 * instance, instead of waiting for ResumeTimeout and leaving a reason that says nothing. Pure.
 *
 * <p>A report is acted on only when an alive instance is bound to the node and, where the provider
 * knows the instance's address, the report came from that address: the endpoint has no other
 * authentication, and this keeps one node (or anything else on the network) from taking down
 * another.
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
      if (!fromItsAddress(r, instance.get())) {
        actions.add(
            new Action.ReportIgnored(
                r.node(),
                r.from(),
                "it did not come from the address of the node's instance " + instance.get().id()));
        continue;
      }
      String reason = Reasons.of(r.step() + ": node " + r.node() + ": " + r.message());
      actions.add(new Action.SetDown(List.of(r.node()), reason));
      actions.add(new Action.Terminate(List.of(instance.get().id()), reason));
    }
    return actions;
  }

  private static Optional<Instance> boundTo(String node, List<Instance> instances) {
    return instances.stream()
        .filter(i -> i.state().alive())
        .filter(i -> node.equals(i.tags().get(Tags.NODE)))
        .findFirst();
  }

  private static boolean fromItsAddress(BootstrapReport r, Instance i) {
    return i.address().isEmpty() || i.address().equals(r.from());
  }
}
