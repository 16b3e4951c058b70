package dev.stratus.spot;

import java.io.IOException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a watcher until stopped or interrupted: a round, then the watcher's pause; after a failed
 * round (service unreachable, bad status) it backs off, doubling from 1 s up to {@code maxBackoff},
 * and logs each failure. It never exits on its own: a node without its watcher would lose its
 * notice window silently.
 */
public final class WatcherLoop implements Runnable {
  /** Sleeps; a parameter so tests can run the loop without real waiting. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration d) throws InterruptedException;
  }

  static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);
  private static final Logger log = LoggerFactory.getLogger(WatcherLoop.class);

  private final NoticeWatcher watcher;
  private final Sleeper sleeper;
  private final Duration maxBackoff;
  private volatile boolean stopped;

  public WatcherLoop(NoticeWatcher watcher, Sleeper sleeper, Duration maxBackoff) {
    this.watcher = watcher;
    this.sleeper = sleeper;
    this.maxBackoff = maxBackoff;
  }

  @Override
  public void run() {
    Duration backoff = FIRST_BACKOFF;
    try {
      while (!stopped && !Thread.currentThread().isInterrupted()) {
        try {
          watcher.poll();
          backoff = FIRST_BACKOFF;
          if (!watcher.pause().isZero()) {
            sleeper.sleep(watcher.pause());
          }
        } catch (IOException | RuntimeException e) {
          log.warn("metadata poll failed, retrying in {}: {}", backoff, e.toString());
          sleeper.sleep(backoff);
          backoff =
              backoff.multipliedBy(2).compareTo(maxBackoff) > 0
                  ? maxBackoff
                  : backoff.multipliedBy(2);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  public void stop() {
    stopped = true;
  }
}
