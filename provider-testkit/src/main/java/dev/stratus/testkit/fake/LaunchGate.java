package dev.stratus.testkit.fake;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where a slow cloud holds its callers: closed, every caller of {@link #pass} blocks until it is
 * opened again. Like a blocking SDK call, a held caller does not give up when interrupted (the
 * interrupt is kept for it), so a call its caller abandoned still lands later. Safe from any
 * thread.
 */
final class LaunchGate {
  private volatile CountDownLatch open = new CountDownLatch(0);
  private final AtomicInteger held = new AtomicInteger();

  void close() {
    if (open.getCount() == 0) {
      open = new CountDownLatch(1);
    }
  }

  void open() {
    open.countDown();
  }

  int held() {
    return held.get();
  }

  void pass() {
    CountDownLatch latch = open;
    if (latch.getCount() == 0) {
      return;
    }
    held.incrementAndGet();
    boolean interrupted = false;
    try {
      while (true) {
        try {
          latch.await();
          return;
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    } finally {
      held.decrementAndGet();
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
