package dev.stratus.core.policy;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Solved slack tables by market: the offerings' ids, the history cut they were learnt from, the
 * prices and the grid. Solving one takes tens of milliseconds, a decision with it microseconds; the
 * market model is refitted once a day, so a day's decisions share one table. Bounded; safe for
 * concurrent use; what it holds never changes a decision, only its cost.
 */
final class TableCache {
  record Key(
      List<String> locations,
      Instant cut,
      SlackGrid grid,
      double spotPrice,
      double onDemandPrice) {}

  private final int capacity;
  private final Map<Key, SlackTable> tables = new ConcurrentHashMap<>();
  private final ArrayDeque<Key> order = new ArrayDeque<>();

  TableCache(int capacity) {
    this.capacity = capacity;
  }

  /** Tables cover at most this many ticks and slack units; beyond, decisions use the edge. */
  static final int MAX_TICKS = 1008;

  static final int MAX_SLACK = 2880;

  SlackTable get(Key key, long ticks, long slack, Supplier<LifetimeModel> model) {
    int needTicks = (int) Math.min(Math.max(ticks, 1), MAX_TICKS);
    int needSlack = (int) Math.min(Math.max(slack, 0), MAX_SLACK);
    SlackTable table = tables.get(key);
    if (table != null && table.covers(needTicks, needSlack)) {
      return table;
    }
    int maxTicks = Math.max(needTicks, table == null ? 0 : table.maxTicks());
    int maxSlack = Math.max(needSlack, table == null ? 0 : table.maxSlack());
    SlackTable solved =
        SlackTable.solve(
            model.get(), key.grid(), key.spotPrice(), key.onDemandPrice(), maxTicks, maxSlack);
    synchronized (order) {
      if (tables.put(key, solved) == null) {
        order.addLast(key);
        while (order.size() > capacity) {
          tables.remove(order.removeFirst());
        }
      }
    }
    return solved;
  }
}
