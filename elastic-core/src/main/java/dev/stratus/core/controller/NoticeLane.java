package dev.stratus.core.controller;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The notice lane's thread ({@code stratus-notices}): runs the controller's notice handling ({@link
 * Controller#runNotices}) apart from the reconcile pass and from every cloud call, so a notice is
 * acted on while launches, terminations and passes are under way. It runs
 *
 * <ul>
 *   <li>at once when a notice arrives ({@link #wake}), and after every pass while notices are held
 *       (the pass has listed the instances afresh);
 *   <li>when a signalled job's requeue falls due (its grace ends or its deadline nears);
 *   <li>within {@link #CHECKPOINT_POLL} of a signalled job writing its checkpoint;
 *   <li>{@link #RETRY} after a run that failed or left a due requeue undone (a failed {@code
 *       scontrol requeue}), for as long as it stays so.
 * </ul>
 *
 * Runs never overlap and wakes coalesce (one run queued at most). Until {@link #start} nothing runs
 * by itself (tests call {@link Controller#runNotices} directly). Safe from any thread.
 */
final class NoticeLane implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(NoticeLane.class);
  static final Duration CHECKPOINT_POLL = Duration.ofSeconds(1);
  static final Duration RETRY = Duration.ofSeconds(1);

  private final Runnable run;
  private final Supplier<Optional<Instant>> nextDue;
  private final BooleanSupplier checkpointSeen;
  private final Clock clock;
  private final ScheduledExecutorService thread =
      Executors.newSingleThreadScheduledExecutor(CloudTasks.daemon("stratus-notices"));
  private final AtomicBoolean queued = new AtomicBoolean();
  private final AtomicBoolean started = new AtomicBoolean();
  private final AtomicReference<ScheduledFuture<?>> due = new AtomicReference<>();

  /**
   * {@code run}: one run of the notice handling; {@code nextDue}: when a held notice's requeue is
   * next due; {@code checkpointSeen}: whether a signalled job has written its checkpoint.
   */
  NoticeLane(
      Runnable run,
      Supplier<Optional<Instant>> nextDue,
      BooleanSupplier checkpointSeen,
      Clock clock) {
    this.run = run;
    this.nextDue = nextDue;
    this.checkpointSeen = checkpointSeen;
    this.clock = clock;
  }

  void start() {
    if (started.compareAndSet(false, true)) {
      long poll = CHECKPOINT_POLL.toMillis();
      thread.scheduleWithFixedDelay(this::pollCheckpoints, poll, poll, TimeUnit.MILLISECONDS);
      wake();
    }
  }

  /** Asks for a run as soon as possible (coalesces with one already queued). */
  void wake() {
    if (started.get() && queued.compareAndSet(false, true)) {
      try {
        thread.execute(this::runNow);
      } catch (RejectedExecutionException e) {
        queued.set(false); // closed
      }
    }
  }

  private void runNow() {
    queued.set(false);
    Instant now = clock.instant();
    try {
      run.run();
    } catch (RuntimeException e) {
      log.warn("notice handling failed: {}; trying again in {}", e.getMessage(), RETRY);
      runAt(now.plus(RETRY));
      return;
    }
    nextDue.get().ifPresent(at -> runAt(at.isAfter(now) ? at : clock.instant().plus(RETRY)));
  }

  /** One run at {@code at}, replacing the one scheduled before. */
  private void runAt(Instant at) {
    long delay = Math.max(0, Duration.between(clock.instant(), at).toMillis());
    try {
      ScheduledFuture<?> next = thread.schedule(this::wake, delay, TimeUnit.MILLISECONDS);
      ScheduledFuture<?> before = due.getAndSet(next);
      if (before != null) {
        before.cancel(false);
      }
    } catch (RejectedExecutionException e) {
      // closed
    }
  }

  private void pollCheckpoints() {
    try {
      if (checkpointSeen.getAsBoolean()) {
        wake();
      }
    } catch (RuntimeException e) {
      log.debug("checkpoint poll: {}", e.getMessage());
    }
  }

  @Override
  public void close() {
    thread.shutdownNow();
  }
}
