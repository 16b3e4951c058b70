package dev.stratus.policy;

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
      double onDemandPrice) {
    /**
     * A market with no run observed up to its model's cut is learnt from the prior alone, whatever
     * its offerings and day: its key names neither, so every such market on the same grid and
     * prices shares one table (the cluster replay on 13 zones solved 19 such tables, 10 distinct).
     */
    Key {
      if (observed.stream().allMatch(runs -> runs == 0)) {
        locations = List.of();
        observed = List.of();
        cut = Instant.EPOCH;
      }
    }
  }

  private final int capacity;
  private final ConcurrentHashMap<Key, CompletableFuture<SlackTable>> tables =
      new ConcurrentHashMap<>();
  private final ArrayDeque<Key> order = new ArrayDeque<>();

  TableCache(int capacity) {
    this.capacity = capacity;
  }

  /**
   * The table for {@code key}, solved over its whole reach, {@code maxTicks} and {@code maxSlack}
   * (beyond, decisions use the edge). A table's cells do not depend on its bounds, so solving the
   * whole reach at once costs a market's first small job a few hundredths of a second and spares a
   * second solve when a larger job comes.
   */
  SlackTable get(Key key, int maxTicks, int maxSlack, Supplier<LifetimeModel> model) {
    var mine = new CompletableFuture<SlackTable>();
    CompletableFuture<SlackTable> known = tables.putIfAbsent(key, mine);
    if (known != null) {
      touch(key);
      return known.join();
    }
    remember(key);
    try {
      SlackTable table =
          SlackTable.solve(
              model.get(), key.grid(), key.spotPrice(), key.onDemandPrice(), maxTicks, maxSlack);
      SolverWork.tableSolved(
          (maxTicks + 1L) * key.grid().modes() * MarketState.COUNT * (maxSlack + 1L));
      mine.complete(table);
      return table;
    } catch (RuntimeException e) {
      tables.remove(key, mine);
      mine.completeExceptionally(e);
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
}
