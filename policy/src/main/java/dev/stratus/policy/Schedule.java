package dev.stratus.policy;

import java.util.Optional;

/**
 * The job's position in decision intervals ("ticks"), in seconds, as the Can't Be Late policies
 * reason about it: whole ticks left before the deadline, work and changeover left, and what the job
 * runs on now (a spot instance that was reclaimed counts as nothing; a reserved block or a granted
 * flex-start instance is {@code WINDOWED}: certain progress until a known end).
 */
record Schedule(
    double interval,
    long ticksLeft,
    double workLeft,
    double changeover,
    Current current,
    double changeoverLeft,
    long ticksRun) {

  enum Current {
    NONE,
    SPOT,
    ON_DEMAND,
    WINDOWED
  }

  static Schedule of(DecisionInput in) {
    double interval = in.interval().toMillis() / 1000.0;
    double timeLeft = (in.job().deadline().toEpochMilli() - in.now().toEpochMilli()) / 1000.0;
    long ticksLeft = (long) Math.floor(Math.max(0, timeLeft) / interval + 1e-9);
    double changeover = in.job().changeover().toMillis() / 1000.0;
    Current current = Current.NONE;
    double changeoverLeft = 0;
    long ticksRun = 0;
    boolean windowed = in.runningBlock().isPresent() || in.runningFlex().isPresent();
    var running =
        in.usableSpot().or(in::onDemand).or(() -> windowed ? in.running() : Optional.empty());
    if (running.isPresent()) {
      current =
          windowed ? Current.WINDOWED : running.get().onSpot() ? Current.SPOT : Current.ON_DEMAND;
      double ran = (in.now().toEpochMilli() - running.get().since().toEpochMilli()) / 1000.0;
      changeoverLeft = Math.max(0, changeover - ran);
      ticksRun = Math.max(1, Math.round(ran / interval));
    }
    double workLeft = in.job().workLeft().toMillis() / 1000.0;
    return new Schedule(
        interval, ticksLeft, workLeft, changeover, current, changeoverLeft, ticksRun);
  }

  /** Whole ticks needed to do {@code seconds} of work and changeover. */
  long ticksFor(double seconds) {
    return (long) Math.ceil(seconds / interval - 1e-9);
  }

  boolean productiveSpot() {
    return current == Current.SPOT && changeoverLeft < 1e-3;
  }

  /** A spot, block or flex instance past its changeover: one that may end, but not by our doing. */
  boolean productiveEnding() {
    return (current == Current.SPOT || current == Current.WINDOWED) && changeoverLeft < 1e-3;
  }

  double hours(double seconds) {
    return seconds / 3600;
  }
}
