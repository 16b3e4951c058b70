package dev.stratus.core.money;

import dev.stratus.core.money.CostKey.Kind;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * Splits each instance's cost among the jobs that ran on it (pure). The rules:
 *
 * <ol>
 *   <li>From launch to the first job's start on the node the node was booting: that time is the
 *       job's that asked for it ({@code stratus:job}), or idle when no job asked.
 *   <li>After that, every stretch of time is split by GPUs: a job pays its GPUs over the node's
 *       GPUs; GPUs no job holds are <b>idle cost</b> of the pool and partition. A job that holds no
 *       GPU counts as holding one, so it never runs free. (Should the jobs on a node hold more GPUs
 *       than the ledger says the node has, the most they held together is the divisor.)
 *   <li>Billed time beyond the run (a cloud's 60 s minimum, rounding to its increment) is a lump at
 *       the end, the asking job's, else idle.
 * </ol>
 *
 * Every millisecond of the instance's billed time goes to exactly one owner, so the charges of an
 * instance add up to its price × billed time; the sum is exact but for one 16-digit division per
 * charge.
 */
public final class Attribution {
  private static final BigDecimal MILLIS_PER_HOUR = BigDecimal.valueOf(3_600_000L);

  private Attribution() {}

  /**
   * The charges of one instance. {@code allocations} are the node's (any order; those outside the
   * instance's life are ignored); {@code owners} gives a job's user, account and partition.
   */
  public static List<Charge> of(
      InstanceSpan instance,
      List<AllocationSpan> allocations,
      LongFunction<JobOwner> owners,
      BillingRule billing,
      Instant now) {
    Instant start = instance.launched();
    Instant end = instance.endOr(now);
    long t0 = start.toEpochMilli();
    long t1 = end.toEpochMilli();
    List<long[]> runs = new ArrayList<>(); // {start, end, weight, index}
    List<AllocationSpan> onIt = new ArrayList<>();
    for (AllocationSpan a : allocations) {
      long s = Math.max(a.start().toEpochMilli(), t0);
      long e = Math.min(a.endOr(now).toEpochMilli(), t1);
      if (s < e && a.node().equals(instance.node())) {
        runs.add(new long[] {s, e, Math.max(1, a.gpus()), onIt.size()});
        onIt.add(a);
      }
    }
    Pieces pieces = new Pieces(instance);
    long firstStart = runs.stream().mapToLong(r -> r[0]).min().orElse(t1);
    pieces.add(bootKey(instance, owners), t0, firstStart, 1);
    sweep(instance, runs, onIt, firstStart, t1, pieces, owners);
    List<Charge> charges = pieces.finish();
    if (instance.ended().isPresent()) {
      long ran = t1 - t0;
      long billed = billing.billed(Duration.ofMillis(ran)).toMillis();
      if (billed != ran) {
        BigDecimal extra = Money.forMillis(instance.pricePerHour(), billed - ran);
        charges.add(new Charge(minimumKey(instance, owners), end, end, extra));
      }
    }
    return charges;
  }

  /** Every millisecond from {@code from} on, split among the runs active in it. */
  private static void sweep(
      InstanceSpan instance,
      List<long[]> runs,
      List<AllocationSpan> onIt,
      long from,
      long to,
      Pieces pieces,
      LongFunction<JobOwner> owners) {
    List<long[]> events = new ArrayList<>(runs.size() * 2);
    for (long[] r : runs) {
      events.add(new long[] {r[0], 1, r[3]});
      events.add(new long[] {r[1], -1, r[3]});
    }
    events.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
    int divisor = Math.max(instance.gpus(), peakWeight(events, runs));
    pieces.divisor(divisor);
    long[] weight = new long[onIt.size()];
    List<Integer> active = new ArrayList<>();
    long held = 0;
    long t = from;
    int i = 0;
    while (t < to) {
      while (i < events.size() && events.get(i)[0] <= t) {
        long[] e = events.get(i++);
        int idx = (int) e[2];
        if (e[1] > 0) {
          active.add(idx);
          weight[idx] = runs.get(idx)[2];
          held += weight[idx];
        } else {
          active.remove(Integer.valueOf(idx));
          held -= weight[idx];
        }
      }
      long next = i < events.size() ? Math.min(events.get(i)[0], to) : to;
      for (int idx : active) {
        AllocationSpan a = onIt.get(idx);
        pieces.add(CostKey.job(Kind.RUN, owners.apply(a.jobId()), instance), t, next, weight[idx]);
      }
      pieces.add(CostKey.idle(instance), t, next, divisor - held);
      t = next;
    }
  }

  private static int peakWeight(List<long[]> events, List<long[]> runs) {
    long held = 0;
    long peak = 0;
    for (long[] e : events) {
      held += e[1] * runs.get((int) e[2])[2];
      peak = Math.max(peak, held);
    }
    return (int) Math.min(peak, Integer.MAX_VALUE);
  }

  private static CostKey bootKey(InstanceSpan i, LongFunction<JobOwner> owners) {
    return i.requestedBy().isPresent()
        ? CostKey.job(Kind.BOOT, owners.apply(i.requestedBy().getAsLong()), i)
        : CostKey.idle(i);
  }

  private static CostKey minimumKey(InstanceSpan i, LongFunction<JobOwner> owners) {
    return i.requestedBy().isPresent()
        ? CostKey.job(Kind.MINIMUM, owners.apply(i.requestedBy().getAsLong()), i)
        : CostKey.idle(i);
  }

  /**
   * Open pieces per owner: weighted milliseconds ({@code ms × share}) accumulate while an owner's
   * time is contiguous and become one {@link Charge} when it is interrupted or the instance ends.
   * Boot time is added before the divisor is known, with weight 1 over divisor 1.
   */
  private static final class Pieces {
    private final InstanceSpan instance;
    private final Map<CostKey, long[]> open = new HashMap<>(); // {from, to, weightedMillis, div}
    private final List<Charge> done = new ArrayList<>();
    private int divisor = 1;

    Pieces(InstanceSpan instance) {
      this.instance = instance;
    }

    void divisor(int d) {
      open.keySet().stream().toList().forEach(this::close);
      this.divisor = Math.max(1, d);
    }

    void add(CostKey key, long from, long to, long share) {
      if (to <= from || share <= 0) {
        return;
      }
      long[] p = open.get(key);
      if (p != null && p[1] != from) {
        close(key);
        p = null;
      }
      if (p == null) {
        open.put(key, new long[] {from, to, (to - from) * share, divisor});
      } else {
        p[1] = to;
        p[2] += (to - from) * share;
      }
    }

    private void close(CostKey key) {
      long[] p = open.remove(key);
      if (p != null) {
        BigDecimal amount =
            instance
                .pricePerHour()
                .multiply(BigDecimal.valueOf(p[2]))
                .divide(MILLIS_PER_HOUR.multiply(BigDecimal.valueOf(p[3])), MathContext.DECIMAL64);
        done.add(new Charge(key, Instant.ofEpochMilli(p[0]), Instant.ofEpochMilli(p[1]), amount));
      }
    }

    List<Charge> finish() {
      open.keySet().stream().toList().forEach(this::close);
      return done;
    }
  }
}
