package dev.stratus.policy;

import java.time.Instant;
import java.util.Optional;

/**
 * The arithmetic of capacity with a known end (a reserved block's window, a flex-start instance's
 * maximum run): how many whole intervals the job may still run there, keeping a margin of {@link
 * #MARGIN_TICKS} interval before the end so the move is decided at a pass that comes before the
 * cloud ends the instance.
 */
final class Windows {
  /** Intervals kept free before a window's end: the move happens at least this early. */
  static final int MARGIN_TICKS = 1;

  private Windows() {}

  /** Whole intervals from {@code now} that end at least the margin before {@code end}. */
  static long ticksBefore(Instant end, Instant now, Schedule s) {
    double left = (end.toEpochMilli() - now.toEpochMilli()) / 1000.0;
    return Math.max(0, (long) Math.floor(left / s.interval() + 1e-9) - MARGIN_TICKS);
  }

  /** When the instance the job runs on now is ended by the cloud, if it runs on a window. */
  static Optional<Instant> currentEnd(DecisionInput in) {
    return in.runningBlock()
        .filter(BlockView::room)
        .map(BlockView::end)
        .or(() -> in.runningFlex().map(f -> in.running().orElseThrow().since().plus(f.maxRun())));
  }

  /** Whether the job's window instance can run at least one more interval before the margin. */
  static boolean continues(DecisionInput in, Schedule s) {
    return currentEnd(in).map(end -> ticksBefore(end, in.now(), s) >= 1).orElse(false);
  }

  /** Whether the job finishes on its window instance, before the margin and the deadline. */
  static boolean finishesOnCurrent(DecisionInput in, Schedule s) {
    return currentEnd(in)
        .map(end -> fits(s.changeoverLeft(), s, ticksBefore(end, in.now(), s)))
        .orElse(false);
  }

  /** Whether {@code changeover} and the work left fit in {@code ticks} and in the ticks left. */
  static boolean fits(double changeover, Schedule s, long ticks) {
    long need = s.ticksFor(changeover + s.workLeft());
    return need <= ticks && need <= s.ticksLeft();
  }

  /** The decision that keeps the window instance the job runs on. */
  static Decision keep(DecisionInput in, String why) {
    return in.runningBlock()
        .map(b -> Decision.reserved(b.id(), why))
        .orElseGet(() -> Decision.flex(in.runningFlex().orElseThrow().id(), why));
  }

  /** An open block with room the job finishes on if it launches there now. */
  static Optional<BlockView> blockToFinishOn(DecisionInput in, Schedule s) {
    return in.blocks().stream()
        .filter(b -> b.room() && b.openAt(in.now()))
        .filter(b -> fits(s.changeover(), s, ticksBefore(b.end(), in.now(), s)))
        .findFirst();
  }

  static String hours(double seconds) {
    return Figures.decimals(seconds / 3600, 1) + " h";
  }
}
