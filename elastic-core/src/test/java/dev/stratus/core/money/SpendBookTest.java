package dev.stratus.core.money;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SpendBookTest {
  static final Instant T0 = Instant.parse("2026-11-29T20:00:00Z");
  static final Duration PASS = Duration.ofMinutes(5);

  final Random random = new Random(11);
  final List<InstanceSpan> instances = new ArrayList<>();
  final List<AllocationSpan> allocations = new ArrayList<>();
  final Map<Long, JobOwner> owners = new HashMap<>();
  long nextJob = 1;
  int extracted;

  @Test
  void eachPassGivesTheFiguresOfAFullExtractionThroughRollOversLateEndsAndReopenedInstances() {
    List<Budget> budgets =
        List.of(
            budget("team-a", BudgetScope.account("team-a"), new BudgetPeriod.Month(ZoneOffset.UTC)),
            budget(
                "ny-day", BudgetScope.CLUSTER, new BudgetPeriod.Day(ZoneId.of("America/New_York"))),
            budget(
                "pool",
                new BudgetScope(BudgetScope.Kind.POOL, "gpu"),
                new BudgetPeriod.Week(ZoneOffset.UTC)),
            budget(
                "u3",
                new BudgetScope(BudgetScope.Kind.USER, "u3"),
                new BudgetPeriod.Day(ZoneOffset.UTC)));
    SpendBook book = new SpendBook(budgets);
    int passes = 3 * 288; // three days, across a month's end and three day roll-overs
    int settledPasses = 0;
    for (int p = 0; p < passes; p++) {
      Instant now = T0.plus(PASS.multipliedBy(p));
      step(now);
      BudgetFigures full =
          BudgetFigures.from(
              budgets,
              extract(BudgetFigures.earliest(budgets, now).orElse(now), now),
              now,
              c -> {});
      extracted = 0;
      BudgetFigures fast = book.figures(this::extract, now, c -> {});
      if (extracted < instances.size() / 2) {
        settledPasses++;
      }
      assertThat(fast.reservedJobs()).isEqualTo(full.reservedJobs());
      for (Budget b : budgets) {
        assertClose(fast.spent().get(b.name()), full.spent().get(b.name()), b + " spent at " + now);
        assertClose(fast.reserved().get(b.name()), full.reserved().get(b.name()), b + " reserved");
      }
    }
    // Most passes extracted less than half of the instances: the settled ones were not read again.
    assertThat(settledPasses).isGreaterThan(passes / 2);
  }

  private static void assertClose(BigDecimal fast, BigDecimal full, String what) {
    BigDecimal a = fast == null ? BigDecimal.ZERO : fast;
    BigDecimal b = full == null ? BigDecimal.ZERO : full;
    assertThat(a.subtract(b).abs())
        .as(what + ": " + a + " vs " + b)
        .isLessThan(new BigDecimal("1e-12"));
  }

  /** The ledger's extract over the lists, as LedgerReader selects. */
  LedgerExtract extract(Instant from, Instant to) {
    List<InstanceSpan> alive =
        instances.stream()
            .filter(i -> i.launched().isBefore(to))
            .filter(i -> i.ended().isEmpty() || !i.ended().get().isBefore(from))
            .toList();
    extracted += alive.size();
    Instant earliest =
        alive.stream().map(InstanceSpan::launched).min(Instant::compareTo).orElse(to);
    List<AllocationSpan> on =
        allocations.stream()
            .filter(a -> a.start().isBefore(to))
            .filter(a -> a.end().isEmpty() || a.end().get().isAfter(earliest))
            .toList();
    Map<Long, Duration> limits = new HashMap<>();
    owners.keySet().forEach(j -> limits.put(j, Duration.ofHours(2)));
    return new LedgerExtract(alive, on, owners, limits);
  }

  private void step(Instant now) {
    for (int n = 0; n < 6; n++) {
      String node = "gpu-" + n;
      int open = openOn(node);
      if (open < 0) {
        if (random.nextInt(3) == 0) {
          long asker = nextJob++;
          owners.put(asker, new JobOwner(asker, "u" + random.nextInt(5), "team-a", "gpu"));
          instances.add(
              new InstanceSpan(
                  "i-" + instances.size(),
                  n % 2 == 0 ? "aws" : "local",
                  "gpu",
                  "gpu",
                  node,
                  CapacityType.SPOT,
                  8,
                  new BigDecimal("39.33"),
                  now.minusSeconds(random.nextInt(100)),
                  Optional.empty(),
                  random.nextBoolean() ? OptionalLong.of(asker) : OptionalLong.empty()));
        }
        continue;
      }
      InstanceSpan i = instances.get(open);
      if (random.nextInt(60) == 0) {
        Instant end = later(i.launched(), now.minusSeconds(random.nextInt(60)));
        instances.set(open, ended(i, Optional.of(end)));
        // Its jobs end with it, one now and then reported late and earlier than the instance.
        endAllocations(node, random.nextInt(4) == 0 ? null : end);
      } else if (random.nextInt(4) == 0) {
        long job = nextJob++;
        owners.put(
            job,
            new JobOwner(
                job, "u" + random.nextInt(5), random.nextBoolean() ? "team-a" : "team-b", "gpu"));
        allocations.add(
            new AllocationSpan(
                job,
                node,
                random.nextInt(9),
                later(i.launched(), now.minusSeconds(random.nextInt(100))),
                Optional.empty()));
      }
    }
    for (int k = 0; k < allocations.size(); k++) {
      AllocationSpan a = allocations.get(k);
      if (a.end().isEmpty() && (random.nextInt(10) == 0 || openOn(a.node()) < 0)) {
        allocations.set(
            k,
            new AllocationSpan(
                a.jobId(),
                a.node(),
                a.gpus(),
                a.start(),
                Optional.of(later(a.start(), now.minusSeconds(random.nextInt(4000))))));
      }
    }
    if (random.nextInt(100) == 0) { // a cloud lists an instance that ended hours ago again
      for (int k = 0; k < instances.size(); k++) {
        InstanceSpan i = instances.get(k);
        if (i.ended().isPresent() && i.ended().get().isBefore(now.minus(Duration.ofHours(2)))) {
          instances.set(k, ended(i, Optional.empty()));
          break;
        }
      }
    }
  }

  private void endAllocations(String node, Instant end) {
    for (int k = 0; k < allocations.size(); k++) {
      AllocationSpan a = allocations.get(k);
      if (a.node().equals(node) && a.end().isEmpty() && end != null) {
        allocations.set(
            k,
            new AllocationSpan(
                a.jobId(), node, a.gpus(), a.start(), Optional.of(later(a.start(), end))));
      }
    }
  }

  private int openOn(String node) {
    for (int k = 0; k < instances.size(); k++) {
      if (instances.get(k).node().equals(node) && instances.get(k).ended().isEmpty()) {
        return k;
      }
    }
    return -1;
  }

  private static Instant later(Instant a, Instant b) {
    return a.isAfter(b) ? a : b;
  }

  private static InstanceSpan ended(InstanceSpan i, Optional<Instant> end) {
    return new InstanceSpan(
        i.instanceId(),
        i.provider(),
        i.pool(),
        i.partition(),
        i.node(),
        i.capacityType(),
        i.gpus(),
        i.pricePerHour(),
        i.launched(),
        end,
        i.requestedBy());
  }

  private static Budget budget(String name, BudgetScope scope, BudgetPeriod period) {
    return new Budget(
        name,
        scope,
        period,
        new BigDecimal("100000"),
        Budget.Mode.HARD,
        false,
        List.of(),
        Optional.empty());
  }
}
