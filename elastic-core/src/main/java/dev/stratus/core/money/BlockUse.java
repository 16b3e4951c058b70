package dev.stratus.core.money;

import dev.stratus.api.model.CapacityReservation;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What a reservation or block cost and how much of it jobs used (pure), from the ledger's spans:
 * {@code paidHours} are its instances × the part of the window gone by ({@code now} at the latest),
 * {@code usedHours} the instance-hours in which a job held one of its nodes, {@code idleHours} the
 * rest. {@code usd} is the prepaid price (a block) or the instance-hour price × the paid hours (a
 * reservation billed by the hour), and splits into used and idle in proportion. A reservation with
 * no end (an open On-Demand Capacity Reservation) counts from its start to {@code now}.
 */
public record BlockUse(
    String reservation,
    double paidHours,
    double usedHours,
    double idleHours,
    BigDecimal usd,
    BigDecimal usedUsd,
    BigDecimal idleUsd) {

  /**
   * @param perInstanceHour what an instance-hour of it costs when it is not prepaid
   */
  public static BlockUse of(
      CapacityReservation r, LedgerExtract ledger, BigDecimal perInstanceHour, Instant now) {
    Instant from = r.start().equals(Instant.MIN) ? firstLaunch(r, ledger).orElse(now) : r.start();
    Instant to = r.end().isAfter(now) ? now : r.end();
    double paid = to.isAfter(from) ? r.instances() * hours(Duration.between(from, to)) : 0;
    double used = 0;
    for (InstanceSpan i : ledger.instances()) {
      if (!on(r, i)) {
        continue;
      }
      Instant life = i.ended().orElse(now);
      List<Instant[]> spans = new ArrayList<>();
      for (AllocationSpan a : ledger.allocations()) {
        if (a.node().equals(i.node())) {
          Instant s = max(max(a.start(), i.launched()), from);
          Instant e = min(min(a.end().orElse(now), life), to);
          if (e.isAfter(s)) {
            spans.add(new Instant[] {s, e});
          }
        }
      }
      used += hours(union(spans));
    }
    used = Math.min(used, paid);
    BigDecimal usd =
        r.prepaidUsd()
            .orElse(perInstanceHour.multiply(BigDecimal.valueOf(paid), MathContext.DECIMAL64));
    BigDecimal usedUsd =
        paid == 0
            ? BigDecimal.ZERO
            : usd.multiply(BigDecimal.valueOf(used / paid), MathContext.DECIMAL64);
    return new BlockUse(
        r.id(),
        paid,
        used,
        paid - used,
        usd.setScale(4, RoundingMode.HALF_UP),
        usedUsd.setScale(4, RoundingMode.HALF_UP),
        usd.subtract(usedUsd).setScale(4, RoundingMode.HALF_UP));
  }

  /** An instance launched into {@code r} (its offering key names the reservation). */
  static boolean on(CapacityReservation r, InstanceSpan i) {
    return i.offering().endsWith("/reserved/" + r.id());
  }

  private static Optional<Instant> firstLaunch(CapacityReservation r, LedgerExtract ledger) {
    return ledger.instances().stream()
        .filter(i -> on(r, i))
        .map(InstanceSpan::launched)
        .min(Comparator.naturalOrder());
  }

  /** The length of the union of the spans. */
  private static Duration union(List<Instant[]> spans) {
    spans.sort(Comparator.comparing(s -> s[0]));
    Duration total = Duration.ZERO;
    Instant reach = Instant.MIN;
    for (Instant[] s : spans) {
      Instant start = max(s[0], reach);
      if (s[1].isAfter(start)) {
        total = total.plus(Duration.between(start, s[1]));
        reach = s[1];
      }
    }
    return total;
  }

  private static double hours(Duration d) {
    return d.toMillis() / 3_600_000.0;
  }

  private static Instant max(Instant a, Instant b) {
    return a.isAfter(b) ? a : b;
  }

  private static Instant min(Instant a, Instant b) {
    return a.isBefore(b) ? a : b;
  }
}
