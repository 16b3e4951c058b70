package dev.stratus.core.render;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.ReservationState;
import dev.stratus.core.slurm.SlurmReservation;
import dev.stratus.hook.hostlist.Hostlist;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The Slurm maintenance reservations that keep a block pool's nodes out of use outside the block's
 * window (pure). Slurm's scheduler starts a job on a node only if the job's time limit ends before
 * the next reservation on it begins, so a job that cannot finish before the block ends is never
 * started there, by Slurm itself:
 *
 * <ul>
 *   <li>{@code stratus_<pool>_before}: from now until the window opens (a scheduled block);
 *   <li>{@code stratus_<pool>_after}: from the window's end on (for a year: Slurm has no endless
 *       reservation);
 *   <li>{@code stratus_<pool>_closed}: from now on, while the cloud has not described the
 *       reservation, or it is expired, cancelled or pending.
 * </ul>
 */
public final class BlockWindows {
  public static final String PREFIX = "stratus_";
  public static final Set<String> FLAGS = Set.of("MAINT", "IGNORE_JOBS");
  public static final Duration AFTER = Duration.ofDays(365);

  private BlockWindows() {}

  /** The reservation of a block pool (every offering launches into it), if {@code p} is one. */
  public static Optional<CapacityReservation> blockOf(Pool p) {
    if (p.offerings().isEmpty()
        || !p.offerings().stream().allMatch(o -> o.terms() instanceof CapacityTerms.Reserved)) {
      return Optional.empty();
    }
    return Optional.of(((CapacityTerms.Reserved) p.offerings().get(0).terms()).reservation());
  }

  /** What Slurm should hold for every block pool at {@code now}. */
  public static List<SlurmReservation> wanted(List<Pool> pools, Instant now) {
    List<SlurmReservation> out = new ArrayList<>();
    for (Pool p : pools) {
      blockOf(p).ifPresent(r -> out.addAll(wanted(p, r, now)));
    }
    return out;
  }

  static List<SlurmReservation> wanted(Pool p, CapacityReservation r, Instant now) {
    String nodes = Hostlist.compress(p.nodeNames());
    String base = PREFIX + p.name();
    boolean described =
        !r.start().equals(Instant.MIN)
            && (r.state() == ReservationState.ACTIVE || r.state() == ReservationState.SCHEDULED)
            && now.isBefore(r.end());
    if (!described) {
      return List.of(new SlurmReservation(base + "_closed", now, now.plus(AFTER), nodes, FLAGS));
    }
    List<SlurmReservation> out = new ArrayList<>();
    if (now.isBefore(r.start())) {
      out.add(new SlurmReservation(base + "_before", now, r.start(), nodes, FLAGS));
    }
    if (!r.end().equals(Instant.MAX)) {
      out.add(new SlurmReservation(base + "_after", r.end(), r.end().plus(AFTER), nodes, FLAGS));
    }
    return out;
  }

  /** Whether a reservation is one this class makes (and may change or delete). */
  public static boolean ours(SlurmReservation r) {
    return r.name().startsWith(PREFIX);
  }
}
