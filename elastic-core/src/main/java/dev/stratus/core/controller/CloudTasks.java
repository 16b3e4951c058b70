package dev.stratus.core.controller;

import dev.stratus.core.metrics.StratusMetrics;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the controller's cloud calls (launches, terminations, listings, sweeps, placement) away from
 * the threads that plan, each on the lane of its provider and region: at most {@code perLane} run
 * at once per lane and the rest wait in the lane's queue, so a region that answers slowly holds up
 * only its own calls. Each task has its own time limit, counted from when it starts; past it the
 * task is <em>abandoned</em>: its future fails with {@link TaskTimedOut}, its thread is
 * interrupted, its lane slot is freed and the abandonment is counted and logged, once, here; the
 * interrupted call ends with {@code ProviderCalls.INTERRUPTED}, which no one logs as a failure.
 * Whatever it did after all is found later through the cloud's tags and idempotent client tokens.
 *
 * <p>Threads: a lane thread ({@code stratus-lane-<provider>-<region>}) waits, within the limit, for
 * the call, which runs on a {@code stratus-cloud-call} thread; an abandoned call keeps its call
 * thread until it returns by itself. Callbacks on the returned futures run on the lane thread. Safe
 * from any thread: lanes are made on first use ({@link ConcurrentHashMap#computeIfAbsent}).
 */
final class CloudTasks implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(CloudTasks.class);

  /** Calls at once per provider and region unless told otherwise. */
  static final int PER_LANE = 4;

  /** Where a task waits its turn: one provider and region ({@code *}: calls of every region). */
  record Lane(String provider, String region) {}

  enum Kind {
    LAUNCH,
    TERMINATE,
    LIST,
    SWEEP,
    PLACEMENT;

    String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** A task ran past its time limit and was abandoned. */
  static final class TaskTimedOut extends RuntimeException {
    TaskTimedOut(String message) {
      super(message);
    }
  }

  private final int perLane;
  private final boolean inline;
  private final StratusMetrics metrics;
  private final Map<Lane, ExecutorService> lanes = new ConcurrentHashMap<>();
  private final ExecutorService calls = Executors.newCachedThreadPool(daemon("stratus-cloud-call"));
  private final Set<CompletableFuture<?>> unfinished = ConcurrentHashMap.newKeySet();

  CloudTasks(int perLane, StratusMetrics metrics) {
    this(perLane, false, metrics);
  }

  private CloudTasks(int perLane, boolean inline, StratusMetrics metrics) {
    if (perLane < 1) {
      throw new IllegalArgumentException("perLane must be at least 1, got " + perLane);
    }
    this.perLane = perLane;
    this.inline = inline;
    this.metrics = metrics;
  }

  /**
   * Tasks that run at once on the thread that submits them, with no time limit: the returned future
   * is complete, so what a caller chains on it runs before {@link #submit} returns. For a replay
   * whose clouds answer at once ({@link ControllerParts.CloudCalls#INLINE}).
   */
  static CloudTasks inline(StratusMetrics metrics) {
    return new CloudTasks(1, true, metrics);
  }

  /**
   * Queues {@code call} on {@code lane}; the future gives its value, what it threw, a {@link
   * TaskTimedOut} after {@code limit}, or a {@link RejectedExecutionException} once closed.
   */
  <T> CompletableFuture<T> submit(
      Lane lane, Kind kind, String what, Duration limit, Callable<T> call) {
    CompletableFuture<T> result = new CompletableFuture<>();
    if (inline) {
      try {
        result.complete(call.call());
      } catch (Exception e) {
        result.completeExceptionally(e);
      }
      return result;
    }
    unfinished.add(result);
    try {
      lane(lane).execute(() -> runWithin(lane, kind, what, limit, call, result));
    } catch (RejectedExecutionException e) {
      unfinished.remove(result);
      result.completeExceptionally(e);
    }
    return result;
  }

  private <T> void runWithin(
      Lane lane,
      Kind kind,
      String what,
      Duration limit,
      Callable<T> call,
      CompletableFuture<T> result) {
    try {
      Future<T> running = calls.submit(call);
      try {
        result.complete(running.get(limit.toMillis(), TimeUnit.MILLISECONDS));
      } catch (TimeoutException e) {
        running.cancel(true);
        metrics.cloudTaskAbandoned(lane.provider(), kind.label());
        log.warn(
            "{} on {} {} ran past its limit of {}: abandoned, its call interrupted; a later pass"
                + " finds what it did, if anything (tags, client tokens), and does the rest",
            what,
            lane.provider(),
            lane.region(),
            limit);
        result.completeExceptionally(new TaskTimedOut(what + " ran past its limit of " + limit));
      } catch (ExecutionException e) {
        result.completeExceptionally(e.getCause());
      } catch (InterruptedException e) {
        running.cancel(true);
        Thread.currentThread().interrupt();
        result.completeExceptionally(new TaskTimedOut(what + " stopped: the controller closes"));
      }
    } catch (RejectedExecutionException e) {
      result.completeExceptionally(e);
    } finally {
      unfinished.remove(result); // after complete(): the callbacks registered so far have run
    }
  }

  /**
   * True when {@code error} (as a future hands it over, maybe wrapped) says the task was abandoned
   * past its time limit: {@link #submit} logged that once, with the reason; the caller need not.
   */
  static boolean abandoned(Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    return cause instanceof TaskTimedOut;
  }

  /** True when every task submitted so far has finished (and its callbacks have run). */
  boolean idle() {
    return unfinished.isEmpty();
  }

  private ExecutorService lane(Lane lane) {
    return lanes.computeIfAbsent(
        lane,
        l -> {
          ThreadPoolExecutor pool =
              new ThreadPoolExecutor(
                  perLane,
                  perLane,
                  30,
                  TimeUnit.SECONDS,
                  new LinkedBlockingQueue<>(),
                  daemon("stratus-lane-" + l.provider() + "-" + l.region()));
          pool.allowCoreThreadTimeOut(true);
          return pool;
        });
  }

  /** Stops every lane: queued tasks fail, running ones are interrupted and abandoned. */
  @Override
  public void close() {
    lanes.values().forEach(ExecutorService::shutdownNow);
    calls.shutdownNow();
    unfinished.forEach(
        f -> f.completeExceptionally(new RejectedExecutionException("the controller closed")));
    unfinished.clear();
  }

  static ThreadFactory daemon(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
