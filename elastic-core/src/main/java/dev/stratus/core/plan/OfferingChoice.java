package dev.stratus.core.plan;

import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.core.slurm.Constraint;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which offerings one launch may try, in order, and why none when the list is empty (pure).
 *
 * <p>The pool's offerings in its spot policy's order (spot first, then cheapest first; ties keep
 * the config's order), without those the job's {@code --constraint} rules out and those inside
 * their unavailable TTL: after a reclaim that is another zone, type or cloud, then on-demand. The
 * constraint is matched against the features the node will have once launched there ({@link
 * Pool#features(dev.stratus.api.model.CapacityType)}), so {@code --constraint=on-demand} never
 * lands on spot. A probing offering (TTL over, not yet proved) takes a single-node launch as its
 * probe; a multi-node launch goes there only after every proved offering, so a big job never waits
 * for a small one to probe.
 *
 * <p>Windowed offerings (a reservation, flex-start) are left out unless the job fits: its time
 * limit plus the pool's {@code window.margin} ends before the window does ({@link
 * dev.stratus.api.model.CapacityTerms#fits}). A job with no time limit, and a power-up request with
 * no job, never fit: nothing says they end in time.
 */
record OfferingChoice(List<Offering> candidates, String whyNone) {
  /**
   * @param restarts how often Slurm requeued the job
   * @param constraint the job's {@code --constraint}
   * @param timeLimit the job's time limit (empty: none, or no job)
   * @param what the launch, for the reason ("job 7")
   */
  static OfferingChoice of(
      Snapshot s,
      Pool pool,
      int nodes,
      int restarts,
      Constraint constraint,
      Optional<Duration> timeLimit,
      String what) {
    List<Offering> constrained =
        pool.spotPolicy().order(pool.offerings(), restarts).stream()
            .filter(o -> constraint.allows(pool.features(o.capacityType())))
            .toList();
    if (constrained.isEmpty()) {
      return new OfferingChoice(
          List.of(),
          what
              + "'s constraint '"
              + constraint
              + "' matches no offering of pool "
              + pool.name()
              + " that its spot policy "
              + pool.spotPolicy().configName()
              + " allows");
    }
    Duration margin = s.window(pool.name()).margin();
    List<Offering> allowed =
        constrained.stream().filter(o -> fits(o, s.now(), timeLimit, margin)).toList();
    if (allowed.isEmpty()) {
      return new OfferingChoice(
          List.of(),
          what
              + (timeLimit.isEmpty() ? " has no time limit, so it" : "")
              + " does not fit in the window of any offering of pool "
              + pool.name()
              + windowsOf(constrained));
    }
    List<Offering> usable =
        allowed.stream().filter(o -> !s.cloud().unavailable().contains(o.key())).toList();
    String whyNone =
        "no offering of pool "
            + pool.name()
            + (constraint == Constraint.NONE
                ? ""
                : " that " + what + "'s constraint '" + constraint + "' allows")
            + " has capacity now";
    if (nodes == 1) {
      return new OfferingChoice(usable, whyNone);
    }
    List<Offering> ordered = new ArrayList<>();
    usable.stream().filter(o -> !s.cloud().probing().contains(o.key())).forEach(ordered::add);
    usable.stream().filter(o -> s.cloud().probing().contains(o.key())).forEach(ordered::add);
    return new OfferingChoice(ordered, whyNone);
  }

  private static boolean fits(
      Offering o, Instant now, Optional<Duration> timeLimit, Duration margin) {
    if (!o.capacityType().windowed()) {
      return true;
    }
    return timeLimit.isPresent() && o.terms().fits(now, timeLimit.get(), margin);
  }

  /** " (cr-1 active until 2026-12-01T13:00:00Z, flex maxRun PT4H)" for the node reason. */
  private static String windowsOf(List<Offering> offerings) {
    StringBuilder out = new StringBuilder();
    for (Offering o : offerings) {
      if (o.terms() instanceof CapacityTerms.Reserved r) {
        var res = r.reservation();
        out.append(out.isEmpty() ? " (" : ", ")
            .append(res.id())
            .append(' ')
            .append(res.state().name().toLowerCase(Locale.ROOT))
            .append(res.end().equals(Instant.MAX) ? "" : " until " + res.end());
      } else if (o.terms() instanceof CapacityTerms.Flex f) {
        out.append(out.isEmpty() ? " (" : ", ").append("flex maxRun ").append(f.maxRun());
      }
    }
    return out.isEmpty() ? "" : out.append(")").toString();
  }
}
