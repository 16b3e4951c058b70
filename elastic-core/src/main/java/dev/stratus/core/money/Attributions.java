package dev.stratus.core.money;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongFunction;

/** {@link Attribution} over many instances: the nodes' allocations grouped once (pure). */
public final class Attributions {
  private Attributions() {}

  /**
   * Every charge of {@code instances}, handed to {@code sink} one by one (a year of a large cluster
   * is millions of charges: a report sums them as they come instead of keeping them).
   */
  public static void charges(
      List<InstanceSpan> instances,
      List<AllocationSpan> allocations,
      LongFunction<JobOwner> owners,
      Function<String, BillingRule> billing,
      Instant now,
      Consumer<Charge> sink) {
    charges(instances, allocations, List.of(), owners, billing, now, sink);
  }

  /** As above, with the idle spans of the nodes' jobs (waste, see {@link Attribution}). */
  public static void charges(
      List<InstanceSpan> instances,
      List<AllocationSpan> allocations,
      List<IdleSpan> idle,
      LongFunction<JobOwner> owners,
      Function<String, BillingRule> billing,
      Instant now,
      Consumer<Charge> sink) {
    Map<String, List<IdleSpan>> idleByNode = new HashMap<>();
    for (IdleSpan s : idle) {
      idleByNode.computeIfAbsent(s.node(), n -> new ArrayList<>()).add(s);
    }
    Map<String, List<AllocationSpan>> byNode = new HashMap<>();
    for (AllocationSpan a : allocations) {
      byNode.computeIfAbsent(a.node(), n -> new ArrayList<>()).add(a);
    }
    Map<String, NodeRuns> runs = new HashMap<>();
    byNode.forEach((node, list) -> runs.put(node, new NodeRuns(list, now)));
    for (InstanceSpan i : instances) {
      NodeRuns onNode = runs.get(i.node());
      List<AllocationSpan> during =
          onNode == null ? List.of() : onNode.overlapping(i.launched(), i.endOr(now));
      List<IdleSpan> spans = idleByNode.getOrDefault(i.node(), List.of());
      Attribution.of(i, during, spans, owners, billing.apply(i.provider()), now).forEach(sink);
    }
  }

  /**
   * One node's allocations sorted by start, with the latest end so far at each index: the ones that
   * may overlap an instance's life are found by two binary searches, not by trying each of the
   * node's allocations for each of its instances (a year of a node is hundreds of both).
   */
  private static final class NodeRuns {
    final List<AllocationSpan> sorted;
    final long[] starts;
    final long[] maxEnds;

    NodeRuns(List<AllocationSpan> allocations, Instant now) {
      sorted = new ArrayList<>(allocations);
      sorted.sort(Comparator.comparing(AllocationSpan::start));
      starts = new long[sorted.size()];
      maxEnds = new long[sorted.size()];
      long max = Long.MIN_VALUE;
      for (int k = 0; k < sorted.size(); k++) {
        starts[k] = sorted.get(k).start().toEpochMilli();
        max = Math.max(max, sorted.get(k).endOr(now).toEpochMilli());
        maxEnds[k] = max;
      }
    }

    /** Every allocation that starts before {@code to} and ends after {@code from} (and more). */
    List<AllocationSpan> overlapping(Instant from, Instant to) {
      int hi = firstAtLeast(starts, to.toEpochMilli());
      int lo = firstAbove(maxEnds, from.toEpochMilli());
      return lo >= hi ? List.of() : sorted.subList(lo, hi);
    }

    private static int firstAtLeast(long[] sortedValues, long v) {
      int lo = 0;
      int hi = sortedValues.length;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (sortedValues[mid] < v) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      return lo;
    }

    private static int firstAbove(long[] sortedValues, long v) {
      return firstAtLeast(sortedValues, v == Long.MAX_VALUE ? v : v + 1);
    }
  }

  /** As {@link #charges(List, List, LongFunction, Function, Instant, Consumer)}, into a list. */
  public static List<Charge> charges(
      List<InstanceSpan> instances,
      List<AllocationSpan> allocations,
      LongFunction<JobOwner> owners,
      Instant now) {
    List<Charge> out = new ArrayList<>();
    charges(instances, allocations, owners, BillingRule::forProvider, now, out::add);
    return out;
  }
}
