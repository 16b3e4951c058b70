package dev.stratus.core.money;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Sums charges inside {@code [from, to)} by a {@link ReportKey}, in total and per time bucket (for
 * the chart), and apart the part of each sum that was faulty or waste. Feed it with {@link
 * #accept}; read {@link #rows} and {@link #series}. Pure.
 */
public final class CostReport implements Consumer<Charge> {
  /**
   * One group and what it spent in the range; {@code faulty} and {@code waste}: how much of {@code
   * amount} was faulty time and waste (idle GPUs a job held).
   */
  public record Row(String key, BigDecimal amount, BigDecimal faulty, BigDecimal waste) {
    public Row(String key, BigDecimal amount) {
      this(key, amount, BigDecimal.ZERO, BigDecimal.ZERO);
    }
  }

  private final ReportKey by;
  private final Instant from;
  private final Instant to;
  private final Duration bucket;
  private final int buckets;
  private final Map<String, BigDecimal> totals = new HashMap<>();
  private final Map<String, BigDecimal[]> series = new HashMap<>();
  private final Map<String, BigDecimal> faulty = new HashMap<>();
  private final Map<String, BigDecimal> waste = new HashMap<>();
  private BigDecimal total = BigDecimal.ZERO;
  private BigDecimal faultyTotal = BigDecimal.ZERO;
  private BigDecimal wasteTotal = BigDecimal.ZERO;

  public CostReport(ReportKey by, Instant from, Instant to, Duration bucket) {
    if (!from.isBefore(to)) {
      throw new IllegalArgumentException("--from " + from + " must be before --to " + to);
    }
    if (bucket.isZero() || bucket.isNegative()) {
      throw new IllegalArgumentException("bucket must be positive, got " + bucket);
    }
    this.by = by;
    this.from = from;
    this.to = to;
    this.bucket = bucket;
    long n = (Duration.between(from, to).toMillis() + bucket.toMillis() - 1) / bucket.toMillis();
    if (n > 100_000) {
      throw new IllegalArgumentException("more than 100,000 buckets of " + bucket + " in range");
    }
    this.buckets = (int) n;
  }

  @Override
  public void accept(Charge charge) {
    Charge c = charge.within(from, to);
    if (c == null) {
      return;
    }
    String key = by.of(c.key());
    BigDecimal[] line = sum(key, c.amount());
    if (c.key().faulty()) {
      faulty(key, c.amount());
    } else if (c.key().waste()) {
      waste(key, c.amount());
    }
    int first = index(c.from());
    int last = c.from().equals(c.to()) ? first : index(c.to().minusMillis(1));
    if (first == last) {
      line[first] = line[first].add(c.amount());
      return;
    }
    for (int b = first; b <= last; b++) {
      Instant bs = from.plus(bucket.multipliedBy(b));
      Charge part = c.within(bs, bs.plus(bucket));
      if (part != null) {
        line[b] = line[b].add(part.amount());
      }
    }
  }

  /**
   * Adds {@code amount}, already summed for {@code group} over {@code [start, end)}: a stretch that
   * {@link #oneBucket} accepts (a settled day of the ledger).
   */
  public void add(String group, Instant start, Instant end, BigDecimal amount) {
    add(group, start, end, amount, BigDecimal.ZERO, BigDecimal.ZERO);
  }

  /** As {@link #add(String, Instant, Instant, BigDecimal)}, with its faulty and waste parts. */
  public void add(
      String group,
      Instant start,
      Instant end,
      BigDecimal amount,
      BigDecimal faultyPart,
      BigDecimal wastePart) {
    if (!oneBucket(start, end)) {
      throw new IllegalArgumentException(
          start + ".." + end + " is not inside one bucket of " + from + ".." + to);
    }
    BigDecimal[] line = sum(group, amount);
    int b = index(start);
    line[b] = line[b].add(amount);
    if (faultyPart.signum() != 0) {
      faulty(group, faultyPart);
    }
    if (wastePart.signum() != 0) {
      waste(group, wastePart);
    }
  }

  private void faulty(String group, BigDecimal amount) {
    faulty.merge(group, amount, BigDecimal::add);
    faultyTotal = faultyTotal.add(amount);
  }

  private void waste(String group, BigDecimal amount) {
    waste.merge(group, amount, BigDecimal::add);
    wasteTotal = wasteTotal.add(amount);
  }

  /** Whether {@code [start, end)} lies inside the range and inside one of its buckets. */
  public boolean oneBucket(Instant start, Instant end) {
    return !start.isBefore(from)
        && !end.isAfter(to)
        && start.isBefore(end)
        && index(start) == index(end.minusMillis(1));
  }

  private BigDecimal[] sum(String key, BigDecimal amount) {
    totals.merge(key, amount, BigDecimal::add);
    total = total.add(amount);
    return series.computeIfAbsent(key, k -> zeros());
  }

  public Instant from() {
    return from;
  }

  public Instant to() {
    return to;
  }

  /** Groups, largest first. */
  public List<Row> rows() {
    List<Row> rows = new ArrayList<>();
    totals.forEach(
        (k, v) ->
            rows.add(
                new Row(
                    k,
                    v,
                    faulty.getOrDefault(k, BigDecimal.ZERO),
                    waste.getOrDefault(k, BigDecimal.ZERO))));
    rows.sort(Comparator.comparing(Row::amount).reversed().thenComparing(Row::key));
    return rows;
  }

  public BigDecimal total() {
    return total;
  }

  /** How much of {@link #total} was faulty time. */
  public BigDecimal faultyTotal() {
    return faultyTotal;
  }

  /** How much of {@link #total} was waste. */
  public BigDecimal wasteTotal() {
    return wasteTotal;
  }

  /** Each group's spend per bucket, groups in {@link #rows} order. */
  public Map<String, List<BigDecimal>> series() {
    Map<String, List<BigDecimal>> out = new LinkedHashMap<>();
    for (Row r : rows()) {
      out.put(r.key(), List.of(series.get(r.key())));
    }
    return out;
  }

  /** The start of each bucket. */
  public List<Instant> bucketStarts() {
    List<Instant> starts = new ArrayList<>(buckets);
    for (int b = 0; b < buckets; b++) {
      starts.add(from.plus(bucket.multipliedBy(b)));
    }
    return starts;
  }

  public ReportKey by() {
    return by;
  }

  private int index(Instant t) {
    long i = Duration.between(from, t).toMillis() / bucket.toMillis();
    return (int) Math.max(0, Math.min(buckets - 1, i));
  }

  private BigDecimal[] zeros() {
    BigDecimal[] z = new BigDecimal[buckets];
    Arrays.fill(z, BigDecimal.ZERO);
    return z;
  }
}
