package dev.stratus.core.policy;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Solved slack tables by market: the offerings' ids, the history cut they were learnt from (and how
 * much history that was), the prices and the grid. Solving one takes a tenth of a second, a
 * decision with it microseconds; the market model is refitted once a day, so a day's decisions
 * share one table. Bounded; safe for concurrent use, and a table being solved is waited for rather
 * than solved twice; what it holds never changes a decision, only its cost.
 */
final class TableCache {
  record Key(
      List<String> locations,
      List<Long> observed,
      Instant cut,
      SlackGrid grid,
      double spotPrice,
      double onDemandPrice) {}

  /** Tables cover at most this many ticks and slack units; beyond, decisions use the edge. */
  static final int MAX_TICKS = 1008;

  static final int MAX_SLACK = 2880;

  private final int capacity;
  private final ConcurrentHashMap<Key, CompletableFuture<SlackTable>> tables =
      new ConcurrentHashMap<>();
  private final ArrayDeque<Key> order = new ArrayDeque<>();
  private final ConcurrentHashMap<List<String>, int[]> largest = new ConcurrentHashMap<>();

  TableCache(int capacity) {
    this.capacity = capacity;
  }

  /** A table covering {@code ticks} and {@code slack} and those of the largest job seen. */
  SlackTable get(Key key, long ticks, long slack, Supplier<LifetimeModel> model) {
    int[] seen =
        largest.merge(
            key.locations(),
            new int[] {(int) Math.min(ticks, MAX_TICKS), (int) Math.min(slack, MAX_SLACK)},
            (a, b) -> new int[] {Math.max(a[0], b[0]), Math.max(a[1], b[1])});
    // Solve for the largest job seen on this market, so the next day's jobs reuse the table.
    int needTicks = (int) Math.min(roundUp(Math.max(seen[0], 1), 36), MAX_TICKS);
    int needSlack = (int) Math.min(roundUp(Math.max(seen[1], 0), 60), MAX_SLACK);
    while (true) {
      var mine = new CompletableFuture<SlackTable>();
      CompletableFuture<SlackTable> known = tables.putIfAbsent(key, mine);
      if (known == null) {
        remember(key);
        return solve(key, mine, model, needTicks, needSlack);
      }
      SlackTable table = known.join();
      if (table.covers(needTicks, needSlack)) {
        return table;
      }
      if (tables.replace(key, known, mine)) {
        return solve(
            key,
            mine,
            model,
            Math.max(needTicks, table.maxTicks()),
            Math.max(needSlack, table.maxSlack()));
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
