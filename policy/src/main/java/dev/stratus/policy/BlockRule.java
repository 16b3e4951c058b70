package dev.stratus.policy;

import java.time.Duration;
import java.util.Optional;

/**
 * Reserved blocks first: their marginal cost is zero while open. In order:
 *
 * <ol>
 *   <li>On a block: stay while it has an interval to give before its end (less the margin); at the
 *       margin the job moves, and the decision falls to the policy's own choice.
 *   <li>An open block with room on which the job's work, plus a changeover, fits before the margin:
 *       take it.
 *   <li>A block opening within {@link #WAIT_MAX} on which the job would fit, soon enough that
 *       waiting for it still leaves the Safety Net's two changeovers should it have no room then:
 *       wait for it (anything run before it opens would be paid for work the block does free).
 *   <li>An open block with room the job does not fit on, whose free time before the margin gives at
 *       least {@link #PARTIAL_MIN} of progress (or four changeovers, whichever is more), when the
 *       deadline holds with two changeovers (on, then off): take it, and move at its end.
 * </ol>
 */
final class BlockRule {
  static final Duration PARTIAL_MIN = Duration.ofHours(1);

  /**
   * The longest wait for a block that opens later: whether it will have room then is not known
   * (other jobs may take it), so the slack staked on it is kept small.
   */
  static final Duration WAIT_MAX = Duration.ofHours(1);

  private BlockRule() {}

  static Optional<Decision> choose(DecisionInput in, Schedule s) {
    double g = s.interval();
    Optional<BlockView> on = in.runningBlock();
    if (on.isPresent() && Windows.continues(in, s)) {
      BlockView b = on.get();
      long left = Windows.ticksBefore(b.end(), in.now(), s);
      String then =
          Windows.finishesOnCurrent(in, s) ? "the job finishes on it" : "then the job moves";
      return Optional.of(
          Decision.reserved(
              b.id(),
              "reserved block " + b.id() + ": " + Windows.hours(left * g) + " left; " + then));
    }
    Optional<BlockView> fit = Windows.blockToFinishOn(in, s);
    if (fit.isPresent()) {
      return Optional.of(
          Decision.reserved(
              fit.get().id(),
              "reserved block "
                  + fit.get().id()
                  + ": the job's "
                  + Windows.hours(s.workLeft())
                  + " fit before its end"));
    }
    long idleBudget = s.ticksLeft() - s.ticksFor(s.workLeft() + 2 * s.changeover()) - 1;
    for (BlockView b : in.blocks()) {
      long until = (long) Math.ceil(secondsUntil(in, b) / g - 1e-9);
      if (until > 0 && until <= idleBudget && until * g <= WAIT_MAX.toSeconds()) {
        long there = Windows.ticksBefore(b.end(), b.start(), s);
        if (s.ticksFor(s.changeover() + s.workLeft()) <= there) {
          return Optional.of(
              Decision.waiting(
                  "waiting "
                      + Windows.hours(until * g)
                      + " for reserved block "
                      + b.id()
                      + ", on which the job fits"));
        }
      }
    }
    double min = Math.max(PARTIAL_MIN.toSeconds(), 4 * s.changeover());
    boolean twoChangeovers = s.ticksFor(s.workLeft() + 2 * s.changeover()) < s.ticksLeft();
    for (BlockView b : in.blocks()) {
      if (b.room() && b.openAt(in.now()) && twoChangeovers) {
        double progress = Windows.ticksBefore(b.end(), in.now(), s) * g - s.changeover();
        if (progress >= min) {
          return Optional.of(
              Decision.reserved(
                  b.id(),
                  "reserved block "
                      + b.id()
                      + " for "
                      + Windows.hours(progress)
                      + " of progress, then a move before its end"));
        }
      }
    }
    return Optional.empty();
  }

  private static double secondsUntil(DecisionInput in, BlockView b) {
    return (b.start().toEpochMilli() - in.now().toEpochMilli()) / 1000.0;
  }
}
