package dev.stratus.core.plan;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.policy.Decision;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The deadline step of a launch (pure): for a job with a deadline, asks the policy whether it runs
 * on spot or on-demand now ({@link DeadlineAsk}), and orders or filters the launch candidates by
 * the answer. Spot at X: only spot offerings, X first; if none has capacity the nodes go DOWN,
 * Slurm requeues the job, and the next resume asks the policy again, now knowing those offerings
 * failed (rather than falling back to on-demand the policy did not choose). On-demand: only
 * on-demand offerings, the policy's first. Wait: only spot offerings, none when none is usable (the
 * nodes go DOWN with the policy's reason; again the next resume asks). A job without a deadline, or
 * a pool whose spot policy leaves no choice, keeps its candidates. The decision is also returned as
 * a {@link DeadlineStatus} for {@code stratus status}, with the policy's explanation on demand.
 */
final class DeadlineChoice {
  private DeadlineChoice() {}

  /** The candidates to try, the decision's reason and status (empty when nothing was decided). */
  record Result(
      List<Offering> candidates, Optional<String> reason, Optional<Action.DeadlineDecided> status) {
    Result(List<Offering> candidates) {
      this(candidates, Optional.empty(), Optional.empty());
    }
  }

  static Result apply(Snapshot s, Pool pool, long job, List<Offering> candidates) {
    Optional<JobDeadline> deadline = s.money().deadlines().of(job);
    if (deadline.isEmpty()
        || candidates.isEmpty()
        || candidates.get(0).capacityType() == CapacityType.RESERVED) {
      // a block it fits in (OfferingChoice checked) is paid for: no cheaper way to the deadline
      return new Result(candidates);
    }
    JobDeadline d = deadline.get();
    Optional<DeadlineAsk.Asked> asked = DeadlineAsk.ask(s, pool, d, candidates, Optional.empty());
    if (asked.isEmpty()) {
      return new Result(candidates);
    }
    Decision decision = asked.get().decision();
    String why = asked.get().why();
    Result result;
    String choice;
    String where = "";
    if (decision instanceof Decision.RunSpot spot) {
      result = spotFirst(candidates, spot.location(), why);
      choice = "spot";
      where = spot.location();
    } else if (decision instanceof Decision.RunOnDemand od) {
      result = onDemand(candidates, od.location(), why);
      choice = result.candidates().stream().anyMatch(DeadlineAsk::spot) ? "spot" : "on-demand";
      where = od.location();
    } else {
      result =
          new Result(
              candidates.stream().filter(DeadlineAsk::spot).toList(),
              Optional.of(why),
              Optional.empty());
      choice = "wait";
    }
    DeadlineStatus status =
        DeadlineStatus.of(job, choice, where, "", result.reason().orElse(why), d, s.now());
    return new Result(
        result.candidates(),
        result.reason(),
        Optional.of(new Action.DeadlineDecided(status, asked.get().explain())));
  }

  private static Result spotFirst(List<Offering> candidates, String location, String why) {
    List<Offering> out = new ArrayList<>();
    candidates.stream()
        .filter(o -> DeadlineAsk.spot(o) && DeadlineAsk.locationOf(o.key()).equals(location))
        .forEach(out::add);
    candidates.stream().filter(o -> DeadlineAsk.spot(o) && !out.contains(o)).forEach(out::add);
    return new Result(out, Optional.of(why + "; spot only"), Optional.empty());
  }

  private static Result onDemand(List<Offering> candidates, String location, String why) {
    List<Offering> onDemand =
        candidates.stream()
            .filter(o -> !DeadlineAsk.spot(o))
            .sorted(
                Comparator.comparing(
                    (Offering o) -> !DeadlineAsk.locationOf(o.key()).equals(location)))
            .toList();
    if (onDemand.isEmpty()) {
      return new Result(
          candidates,
          Optional.of(why + "; no on-demand offering is usable, spot"),
          Optional.empty());
    }
    return new Result(onDemand, Optional.of(why + "; on-demand only"), Optional.empty());
  }
}
