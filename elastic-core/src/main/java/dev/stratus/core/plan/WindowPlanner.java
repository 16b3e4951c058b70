package dev.stratus.core.plan;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Windowed capacity near its end (pure). For each live instance on a reservation or flex-start
 * offering, its end is what the offering's terms say ({@link
 * dev.stratus.api.model.CapacityTerms#endsAt}: the reservation's end as the cloud last described
 * it, or the flex grant plus its maximum run):
 *
 * <ul>
 *   <li>from {@code end - window.lead} on, the node's work is moved: {@link Action.WindowEnding}
 *       starts the notice chain with the end as its deadline (signal to checkpoint, drain, requeue
 *       on the checkpoint or the grace, power down), once per instance;
 *   <li>from the end on, an instance still listed is terminated: the cloud ends it anyway, and the
 *       controller must not count on a node it no longer has.
 * </ul>
 *
 * Slurm itself keeps jobs that cannot finish off a block (its maintenance reservation, {@code
 * BlockWindows}), and {@link OfferingChoice} keeps launches off one; this is for the work already
 * there when the end comes near.
 */
public final class WindowPlanner {
  private WindowPlanner() {}

  public static List<Action> plan(Snapshot s) {
    Map<OfferingKey, Offering> offerings = new HashMap<>();
    Map<OfferingKey, String> poolOf = new HashMap<>();
    for (Pool p : s.pools()) {
      for (Offering o : p.offerings()) {
        if (o.capacityType().windowed()) {
          offerings.put(o.key(), o);
          poolOf.put(o.key(), p.name());
        }
      }
    }
    if (offerings.isEmpty()) {
      return List.of();
    }
    Set<String> noticed = new HashSet<>();
    s.notices().notices().forEach(n -> noticed.add(n.notice().instanceId()));
    // a node the chain already powers down keeps its instance until the suspend ends: moved once
    Set<String> leaving = new HashSet<>();
    s.slurm().nodes().stream().filter(n -> !n.wantsInstance()).forEach(n -> leaving.add(n.name()));
    List<Action> actions = new ArrayList<>();
    List<String> ended = new ArrayList<>();
    List<String> endedWhy = new ArrayList<>();
    for (Instance i : s.cloud().instances()) {
      Offering o = offerings.get(i.offering());
      if (o == null || !i.state().alive() || s.cloud().inFlight().leaving(i.id())) {
        continue;
      }
      Optional<Instant> end = o.terms().endsAt(i.launchedAt());
      if (end.isEmpty()) {
        continue;
      }
      if (!s.now().isBefore(end.get())) {
        ended.add(i.id());
        endedWhy.add(i.nodeName().orElse(i.id()));
      } else if (!s.now().isBefore(end.get().minus(s.window(poolOf.get(o.key())).lead()))
          && !noticed.contains(i.id())
          && i.nodeName().isPresent()
          && !leaving.contains(i.nodeName().get())) {
        actions.add(
            new Action.WindowEnding(
                i.nodeName().get(),
                i.id(),
                i.offering(),
                end.get(),
                "stratus: "
                    + describe(o)
                    + " ends at "
                    + end.get()
                    + ": checkpoint, requeue and power down before it does"));
      }
    }
    if (!ended.isEmpty()) {
      actions.add(
          new Action.Terminate(
              ended, "the window of their capacity has ended: " + String.join(",", endedWhy)));
    }
    return actions;
  }

  private static String describe(Offering o) {
    return o.key().reservation().isEmpty()
        ? "flex-start capacity (" + o.key() + ")"
        : "reservation " + o.key().reservation();
  }
}
