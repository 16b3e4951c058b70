package dev.stratus.spot;

import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeState;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A notice that stays up in the metadata service for as long as it holds (an EC2 instance-action, a
 * GCE preemption), reported once and then watched: at each poll that still sees it, the controller
 * is asked whether it holds the notice ({@link ReleaseCheck}), and a controller that answers {@link
 * NoticeState#UNKNOWN} (it restarted between receipt and requeue and lost its in-memory inbox) gets
 * it again, so the checkpoint → requeue chain it cut starts over instead of the node dying under
 * its jobs at the deadline. What goes again is the notice as first seen (its deadline and time of
 * sight), not a re-reading of it.
 */
final class StandingNotices {
  private final OnceReporter reporter;
  private final ReleaseCheck release;
  private final Map<String, InterruptionNotice> first = new ConcurrentHashMap<>();

  StandingNotices(OnceReporter reporter, ReleaseCheck release) {
    this.reporter = reporter;
    this.release = release;
  }

  /**
   * The notice that went to the controller now, if one did: {@code notice} ({@code key}: what
   * identifies it in its cloud's format) the first time it is seen, or the notice as first seen
   * again because the controller lost it.
   */
  Optional<InterruptionNotice> report(String key, InterruptionNotice notice) {
    if (!reporter.wasReported(key)) {
      if (!reporter.report(key, notice)) {
        return Optional.empty();
      }
      first.put(key, notice);
      return Optional.of(notice);
    }
    InterruptionNotice original = first.getOrDefault(key, notice);
    Optional<NoticeState> state = release.ask(key, original.instanceId());
    boolean again =
        state.equals(Optional.of(NoticeState.UNKNOWN)) && reporter.reportAgain(key, original);
    return again ? Optional.of(original) : Optional.empty();
  }
}
