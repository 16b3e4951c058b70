package dev.stratus.core.notice;

import dev.stratus.core.plan.PendingNotice;
import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.NoticeState;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Notices received and not yet fully acted on, one per instance (a watcher that reports the same
 * notice twice changes nothing), and what a watcher asking about its instance hears ({@link
 * #state}). In memory on purpose: see {@link PendingNotice}.
 */
public final class NoticeInbox {
  /** How long a release still reads as {@link NoticeState#RELEASED} after it. */
  public static final Duration KEEP_RELEASED = Duration.ofHours(1);

  /** The most releases remembered at once; the oldest go first. */
  static final int MAX_RELEASED = 10_000;

  private final Map<String, PendingNotice> byInstance = new ConcurrentHashMap<>();
  private final ReleasedNotices released;

  public NoticeInbox(Clock clock) {
    this(clock, KEEP_RELEASED, MAX_RELEASED);
  }

  NoticeInbox(Clock clock, Duration keepReleased, int maxReleased) {
    this.released = new ReleasedNotices(clock, keepReleased, maxReleased);
  }

  /**
   * Returns true when this is news (the first notice for that instance); {@code receivedAt} is the
   * controller's time of receipt. News cancels an earlier release of the instance: the controller
   * acts on it again before the node may go.
   */
  public boolean add(InterruptionNotice notice, Instant receivedAt) {
    return add(new PendingNotice(notice, receivedAt, Optional.empty(), Optional.empty()));
  }

  /**
   * The controller's own notice for an instance whose job it moves ({@code why}): the same chain as
   * a cloud's notice. False when the instance already has a notice (that chain goes on).
   */
  public boolean addMove(InterruptionNotice notice, Instant receivedAt, String why) {
    return add(
        new PendingNotice(
            notice, receivedAt, Optional.empty(), Optional.empty(), Set.of(), Optional.of(why)));
  }

  private boolean add(PendingNotice fresh) {
    InterruptionNotice notice = fresh.notice();
    boolean news = byInstance.putIfAbsent(notice.instanceId(), fresh) == null;
    if (news) {
      released.forget(notice.instanceId());
    }
    return news;
  }

  public List<PendingNotice> pending() {
    List<PendingNotice> out = new ArrayList<>(byInstance.values());
    out.sort(Comparator.comparing(p -> p.notice().seenAt()));
    return out;
  }

  public void signalled(String instanceId, Instant at) {
    byInstance.computeIfPresent(
        instanceId,
        (k, p) ->
            new PendingNotice(
                p.notice(),
                p.receivedAt(),
                Optional.of(at),
                p.requeuedAt(),
                p.requeuedJobs(),
                p.move()));
  }

  /**
   * {@code scontrol requeue} succeeded for these jobs on the instance's node; others there may
   * still be due. The node may not go yet: see {@link #requeued}.
   */
  public void jobsRequeued(String instanceId, Collection<Long> jobs) {
    byInstance.computeIfPresent(
        instanceId,
        (k, p) -> {
          Set<Long> done = new HashSet<>(p.requeuedJobs());
          done.addAll(jobs);
          return new PendingNotice(
              p.notice(), p.receivedAt(), p.signalledAt(), p.requeuedAt(), done, p.move());
        });
  }

  /** Every job on the instance's node was requeued: from now on the node may go. */
  public void requeued(String instanceId, Instant at) {
    byInstance.computeIfPresent(
        instanceId,
        (k, p) ->
            new PendingNotice(
                p.notice(),
                p.receivedAt(),
                p.signalledAt(),
                Optional.of(at),
                p.requeuedJobs(),
                p.move()));
  }

  /**
   * Nothing more to do for the notice: it leaves the inbox, and its instance reads as released for
   * {@link #KEEP_RELEASED}.
   */
  public void done(String instanceId) {
    byInstance.computeIfPresent(
        instanceId,
        (k, p) -> {
          released.release(k); // before the removal: no moment reads as unknown
          return null;
        });
  }

  /**
   * {@link NoticeState#RELEASED} once the instance's job was requeued, and after {@link #done} for
   * {@link #KEEP_RELEASED}; {@link NoticeState#ACTING} while the notice is held otherwise; else
   * {@link NoticeState#UNKNOWN}. Safe from any thread.
   */
  public NoticeState state(String instanceId) {
    PendingNotice held = byInstance.get(instanceId);
    if ((held != null && held.requeuedAt().isPresent()) || released.released(instanceId)) {
      return NoticeState.RELEASED;
    }
    return held == null ? NoticeState.UNKNOWN : NoticeState.ACTING;
  }
}
