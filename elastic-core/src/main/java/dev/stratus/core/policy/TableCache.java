package dev.stratus.core.policy;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Solved slack tables by market: the offerings' ids, the history they were learnt from (its cut and
 * how much history that was: {@link ModelEpochs}), the prices and the grid (fine or coarse).
 * Solving one takes a few hundredths of a second, a decision with it microseconds; a market keeps
 * its table while its model does not change. Bounded, least recently used first; safe for
 * concurrent use, and a table being solved is waited for rather than solved twice; what it holds
 * never changes a decision, only its cost.
 */
final class TableCache {
  record Key(
      List<String> locations,
      List<Integer> observed,
      Instant cut,
      SlackGrid grid,
      double spotPrice,
      double onDemandPrice) {}

  private final int capacity;
  private final ConcurrentHashMap<Key, CompletableFuture<SlackTable>> tables =
      new ConcurrentHashMap<>();
  private final ArrayDeque<Key> order = new ArrayDeque<>();
  private final ConcurrentHashMap<List<Object>, int[]> largest = new ConcurrentHashMap<>();

  TableCache(int capacity) {
    this.capacity = capacity;
  }

  /**
   * A table covering {@code ticks} and {@code slack} and those of the largest job seen on this
   * market and grid, up to {@code maxTicks} and {@code maxSlack} (beyond, decisions use the edge).
   */
  SlackTable get(
      Key key, long ticks, long slack, int maxTicks, int maxSlack, Supplier<LifetimeModel> model) {
    int[] seen =
        largest.merge(
            List.of(key.locations(), key.grid()),
            new int[] {(int) Math.min(ticks, maxTicks), (int) Math.min(slack, maxSlack)},
            (a, b) -> new int[] {Math.max(a[0], b[0]), Math.max(a[1], b[1])});
    // Solve for the largest job seen on this market, so later days' jobs reuse the table.
    int needTicks = (int) Math.min(roundUp(Math.max(seen[0], 1), 120), maxTicks);
    int needSlack = (int) Math.min(roundUp(Math.max(seen[1], 0), 60), maxSlack);
    while (true) {
      var mine = new CompletableFuture<SlackTable>();
      CompletableFuture<SlackTable> known = tables.putIfAbsent(key, mine);
      if (known == null) {
        remember(key);
        return solve(key, mine, model, needTicks, needSlack);
      }
      SlackTable table = known.join();
      if (table.covers(needTicks, needSlack)) {
        touch(key);
        return table;
      }
      // A market that outgrew its table will likely outgrow it again: solve the whole reach once.
      if (tables.replace(key, known, mine)) {
        return solve(key, mine, model, maxTicks, maxSlack);
      }
    }
  }

  private SlackTable solve(
      Key key,
      CompletableFuture<SlackTable> into,
      Supplier<LifetimeModel> model,
      int maxTicks,
      int maxSlack) {
    try {
      SlackTable table =
          SlackTable.solve(
              model.get(), key.grid(), key.spotPrice(), key.onDemandPrice(), maxTicks, maxSlack);
      into.complete(table);
      return table;
    } catch (RuntimeException e) {
      tables.remove(key, into);
      into.completeExceptionally(e);
      throw e;
    }
  }

  /** Least recently used goes first: a market whose model has not changed for weeks stays. */
  private void touch(Key key) {
    synchronized (order) {
      if (!key.equals(order.peekLast()) && order.remove(key)) {
        order.addLast(key);
      }
    }
  }

  private void remember(Key key) {
    synchronized (order) {
      order.addLast(key);
      while (order.size() > capacity) {
        tables.remove(order.removeFirst());
      }
    }
  }

  private static long roundUp(long n, long step) {
    return (n + step - 1) / step * step;
  }
}
