package dev.stratus.core.plan;

import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.core.slurm.Constraint;
import java.util.ArrayList;
import java.util.List;

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
 */
record OfferingChoice(List<Offering> candidates, String whyNone) {
  /**
   * @param restarts how often Slurm requeued the job
   * @param constraint the job's {@code --constraint}
   * @param what the launch, for the reason ("job 7")
   */
  static OfferingChoice of(
      Snapshot s, Pool pool, int nodes, int restarts, Constraint constraint, String what) {
    List<Offering> allowed =
        pool.spotPolicy().order(pool.offerings(), restarts).stream()
            .filter(o -> constraint.allows(pool.features(o.capacityType())))
            .toList();
    if (allowed.isEmpty()) {
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
}
