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
 *   <li>Of a job's GPUs, those an {@link IdleSpan} says did no work are <b>waste</b> over the span:
 *       still the job's.
 *   <li>A faulted instance ({@link InstanceSpan#fault}) is <b>faulty</b> from the fault to its end
 *       (the whole life for an admission fault), lump included; and each job's time on it from its
 *       lost-work point to the fault is faulty too (it must redo that work). Faulty comes before
 *       waste, waste before run.
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
    return of(instance, allocations, List.of(), owners, billing, now);
  }

  /**
   * As {@link #of(InstanceSpan, List, LongFunction, BillingRule, Instant)}, with the idle spans of
   * the node's jobs (any order; other nodes' are ignored).
   */
  public static List<Charge> of(
      InstanceSpan instance,
      List<AllocationSpan> allocations,
      List<IdleSpan> idle,
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
    Faults faults = new Faults(instance, idle);
    Pieces pieces = new Pieces(instance);
    long firstStart = runs.stream().mapToLong(r -> r[0]).min().orElse(t1);
    boot(instance, owners, faults, t0, firstStart, pieces);
    sweep(instance, runs, onIt, firstStart, t1, pieces, owners, faults);
    List<Charge> charges = pieces.finish();
    if (instance.ended().isPresent()) {
      long ran = t1 - t0;
      long billed = billing.billed(Duration.ofMillis(ran)).toMillis();
      if (billed != ran) {
        BigDecimal extra = Money.forMillis(instance.pricePerHour(), billed - ran);
        CostKey key =
            faults.faultyFrom <= t1 ? CostKey.faulty(instance) : minimumKey(instance, owners);
        charges.add(new Charge(key, end, end, extra));
      }
    }
    return charges;
  }

  /**
   * Launch to the first job's start: the asking job's (else idle) up to the fault or the asking
   * job's lost-work point, whichever comes first; faulty after it.
   */
  private static void boot(
      InstanceSpan instance,
      LongFunction<JobOwner> owners,
      Faults faults,
      long from,
      long to,
      Pieces pieces) {
    long faulty = faults.faultyFrom;
    if (instance.requestedBy().isPresent()) {
      faulty = Math.min(faulty, faults.lostFrom(instance.requestedBy().getAsLong()));
    }
    long cut = Math.max(from, Math.min(to, faulty));
    pieces.add(bootKey(instance, owners), from, cut, 1);
    pieces.add(CostKey.faulty(instance), cut, to, 1);
  }

  /** Every millisecond from {@code from} on, split among the runs active in it. */
  private static void sweep(
      InstanceSpan instance,
      List<long[]> runs,
      List<AllocationSpan> onIt,
      long from,
      long to,
      Pieces pieces,
      LongFunction<JobOwner> owners,
      Faults faults) {
    List<long[]> events = new ArrayList<>(runs.size() * 2);
    for (long[] r : runs) {
      events.add(new long[] {r[0], 1, r[3]});
      events.add(new long[] {r[1], -1, r[3]});
    }
    faults.marks(from, to, events);
    events.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
    int divisor = Math.max(instance.gpus(), peakWeight(events, runs));
    pieces.divisor(divisor);
    CostKey faulty = CostKey.faulty(instance);
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
        } else if (e[1] < 0) {
          active.remove(Integer.valueOf(idx));
          held -= weight[idx];
        }
      }
      long next = i < events.size() ? Math.min(events.get(i)[0], to) : to;
      if (t >= faults.faultyFrom) {
        pieces.add(faulty, t, next, divisor);
        t = next;
        continue;
      }
      long lost = 0;
      for (int idx : active) {
        long job = onIt.get(idx).jobId();
        if (t >= faults.lostFrom(job)) {
          lost += weight[idx];
          continue;
        }
        long wasted = Math.min(weight[idx], faults.idleGpus(job, t));
        JobOwner owner = owners.apply(job);
        pieces.add(CostKey.job(Kind.RUN, owner, instance), t, next, weight[idx] - wasted);
        pieces.add(CostKey.job(Kind.WASTE, owner, instance), t, next, wasted);
      }
      pieces.add(faulty, t, next, lost);
      pieces.add(CostKey.idle(instance), t, next, divisor - held);
      t = next;
    }
  }

  private static int peakWeight(List<long[]> events, List<long[]> runs) {
    long held = 0;
    long peak = 0;
    for (long[] e : events) {
      if (e[1] == 0) {
        continue; // a mark, not a run
      }
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
   * What a fault and the idle spans change on one instance: where its faulty time starts ({@link
   * Long#MAX_VALUE}: never), each job's lost-work point, and the idle spans of its node's jobs
   * ({from, to, gpus} per job).
   */
  private static final class Faults {
    final long faultyFrom;
    private final Map<Long, Long> lostFrom = new HashMap<>();
    private final Map<Long, List<long[]>> idle = new HashMap<>();

    Faults(InstanceSpan instance, List<IdleSpan> spans) {
      faultyFrom = instance.faultyFrom().map(Instant::toEpochMilli).orElse(Long.MAX_VALUE);
      instance
          .fault()
          .ifPresent(
              f -> f.lostWorkFrom().forEach((job, at) -> lostFrom.put(job, at.toEpochMilli())));
      for (IdleSpan s : spans) {
        if (s.node().equals(instance.node()) && s.from().isBefore(s.to())) {
          idle.computeIfAbsent(s.jobId(), j -> new ArrayList<>())
              .add(new long[] {s.from().toEpochMilli(), s.to().toEpochMilli(), s.idleGpus()});
        }
      }
    }

    long lostFrom(long job) {
      return lostFrom.getOrDefault(job, Long.MAX_VALUE);
    }

    /** The idle GPUs of {@code job} at {@code t} (the most, should its spans overlap). */
    long idleGpus(long job, long t) {
      List<long[]> spans = idle.get(job);
      long most = 0;
      if (spans != null) {
        for (long[] s : spans) {
          if (s[0] <= t && t < s[1]) {
            most = Math.max(most, s[2]);
          }
        }
      }
      return most;
    }

    /** Marks every point where a share may change inside {@code (from, to)}. */
    void marks(long from, long to, List<long[]> events) {
      mark(faultyFrom, from, to, events);
      lostFrom.values().forEach(t -> mark(t, from, to, events));
      for (List<long[]> spans : idle.values()) {
        for (long[] s : spans) {
          mark(s[0], from, to, events);
          mark(s[1], from, to, events);
        }
      }
    }

    private static void mark(long t, long from, long to, List<long[]> events) {
      if (from < t && t < to) {
        events.add(new long[] {t, 0, -1});
      }
    }
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
