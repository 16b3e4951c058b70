package dev.stratus.core.plan;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.Tags;
import dev.stratus.core.config.GpuHealthSettings;
import dev.stratus.wire.GpuFinding;
import dev.stratus.wire.HealthAction;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * What to do about the nodes whose GPU watchers reported a problem, planned by the notice lane
 * (pure). The evidence is a kernel-log XID event (acted on at once) or a polled condition seen in
 * {@code strikes} reports in a row ({@link HealthStrikes}); only reports from the instance bound to
 * the node now count, and only while the last one is younger than {@code staleAfter}. Then, in the
 * order that keeps work:
 *
 * <ul>
 *   <li>{@code requeue-now} / {@code replace}: {@link Action.GpuFault}, which starts the notice
 *       chain on the node's instance (signal the jobs to checkpoint, drain with the GPU and XID in
 *       the reason, requeue once the checkpoint lands or the grace ends, power the node down so
 *       Slurm suspends it and the instance is terminated; the jobs resume on fresh capacity);
 *   <li>{@code drain-after-job} / {@code reboot}: {@link Action.GpuFault} and {@link Action.Drain}:
 *       the running jobs finish; once none is left the node is powered down ({@link
 *       Action.ForcePowerDown}) and replaced by the next resume, and its health is forgotten
 *       ({@link Action.HealthDone}).
 * </ul>
 *
 * A node already acted on is acted on again only for something more urgent (a drain that turns into
 * an XID 79 requeues the job).
 */
public final class GpuHealthPlanner {
  private GpuHealthPlanner() {}

  public static List<Action> plan(
      Snapshot s, List<NodeHealth> nodes, Function<String, GpuHealthSettings> settingsOfPool) {
    ClusterIndex index = ClusterIndex.of(s);
    List<Action> out = new ArrayList<>();
    for (NodeHealth h : nodes) {
      Optional<Instance> instance = bound(s, h);
      if (instance.isEmpty()) {
        out.add(new Action.HealthDone(h.node(), "no alive instance " + h.instanceId() + " on it"));
        continue;
      }
      String pool =
          s.pools().stream()
              .filter(p -> p.owns(h.node()))
              .map(Pool::name)
              .findFirst()
              .orElse(instance.get().tags().getOrDefault(Tags.POOL, ""));
      GpuHealthSettings settings = settingsOfPool.apply(pool);
      Optional<GpuFinding> worst = evidence(s, h, settings);
      HealthAction acted = h.acted().orElse(HealthAction.OK);
      if (worst.isPresent() && worst.get().action().ordinal() > acted.ordinal()) {
        act(h, instance.get(), worst.get(), out);
      } else if (acted != HealthAction.OK
          && !acted.interruptsJobs()
          && index.jobsOn(h.node()).isEmpty()) {
        String why = "gpu health: drained node has no job left; replacing it";
        out.add(new Action.ForcePowerDown(List.of(h.node()), Reasons.of(why)));
        out.add(new Action.HealthDone(h.node(), why));
      }
    }
    return out;
  }

  private static void act(NodeHealth h, Instance instance, GpuFinding f, List<Action> out) {
    String why = "gpu fault: " + f.summary() + " on " + h.node() + ": " + f.action().wireName();
    out.add(
        new Action.GpuFault(
            h.node(),
            instance.id(),
            instance.offering(),
            f.action(),
            f.errorClass(),
            f.xid(),
            why));
    if (!f.action().interruptsJobs()) {
      out.add(new Action.Drain(List.of(h.node()), Reasons.of(why)));
    }
  }

  /**
   * The most urgent finding the controller may act on now: events always (while the node's reports
   * are fresh), polled conditions at {@code strikes} in a row.
   */
  static Optional<GpuFinding> evidence(Snapshot s, NodeHealth h, GpuHealthSettings settings) {
    if (Planner.olderThan(s, h.receivedAt(), settings.staleAfter())) {
      return Optional.empty();
    }
    List<GpuFinding> candidates = new ArrayList<>(h.events());
    h.current()
        .forEach(
            (key, f) -> {
              if (h.strikes().getOrDefault(key, 0) >= settings.strikes()) {
                candidates.add(f);
              }
            });
    return candidates.stream()
        .filter(f -> f.action() != HealthAction.OK)
        .max(Comparator.comparingInt((GpuFinding f) -> f.action().ordinal()));
  }

  private static Optional<Instance> bound(Snapshot s, NodeHealth h) {
    return s.cloud().instances().stream()
        .filter(i -> i.id().equals(h.instanceId()))
        .filter(i -> i.state().alive())
        .filter(i -> i.nodeName().filter(h.node()::equals).isPresent())
        .findFirst();
  }
}
