package dev.stratus.core.bench;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.core.money.Admission;
import dev.stratus.core.money.AdmissionRequest;
import dev.stratus.core.money.Budget;
import dev.stratus.core.money.BudgetAdmission;
import dev.stratus.core.money.BudgetFigures;
import dev.stratus.core.money.BudgetPeriod;
import dev.stratus.core.money.BudgetScope;
import dev.stratus.core.money.JobOwner;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.Planner;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.core.testing.Snapshots;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolRequest;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Dollar admission for 10,000 pending resume requests against 50 budgets (40 hard account budgets,
 * 5 hard pool budgets, 4 soft spot-only partition budgets, one soft cluster budget), each request
 * one to four nodes with two candidate offerings and a time limit, about a third of them over
 * budget. {@code decide}: {@link BudgetAdmission#decide} alone (target < 20 ms); {@code plan}: the
 * whole planner pass with those requests, admission included ({@code planWithout}: the same pass
 * without budgets, for the difference). Run it with the command in the README.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AdmissionBenchmark {
  static final int REQUESTS = 10_000;
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final Offering SPOT = Fixtures.offering("aws", "us-east-1a", CapacityType.SPOT, "39.33");
  static final Offering ON_DEMAND =
      Fixtures.offering("aws", "us-east-1a", CapacityType.ON_DEMAND, "98.32");

  List<Budget> budgets;
  Map<String, BigDecimal> spent;
  List<AdmissionRequest> requests;
  Snapshot withBudgets;
  Snapshot withoutBudgets;

  @Setup
  public void setUp() {
    Random random = new Random(42);
    budgets = new ArrayList<>();
    spent = new HashMap<>();
    for (int a = 0; a < 40; a++) {
      budgets.add(budget("acct-" + a, BudgetScope.account("acct-" + a), "100000", false));
      spent.put("acct-" + a, BigDecimal.valueOf(random.nextInt(60_000)));
    }
    for (int p = 0; p < 5; p++) {
      budgets.add(
          budget(
              "pool-" + p, new BudgetScope(BudgetScope.Kind.POOL, "gpu-" + p), "1200000", false));
    }
    for (int p = 0; p < 4; p++) {
      budgets.add(
          budget("part-" + p, new BudgetScope(BudgetScope.Kind.PARTITION, "gpu"), null, true));
    }
    budgets.add(budget("cluster", BudgetScope.CLUSTER, null, false));
    requests = new ArrayList<>();
    Snapshots s = new Snapshots();
    s.now = NOW;
    int[] next = new int[5];
    for (int p = 0; p < 5; p++) {
      s.pools.add(Fixtures.inPartition(Fixtures.pool("gpu-" + p, 9_000, SPOT, ON_DEMAND), "gpu"));
    }
    for (int i = 0; i < REQUESTS; i++) {
      int pool = i % 5;
      long job = i + 1;
      int nodes = 1 + random.nextInt(4);
      Duration limit = Duration.ofHours(1 + random.nextInt(24));
      String account = "acct-" + random.nextInt(50); // 10 accounts have no budget of their own
      requests.add(
          new AdmissionRequest(
              new JobOwner(job, "u" + random.nextInt(500), account, "gpu"),
              "gpu-" + pool,
              nodes,
              Optional.of(limit),
              List.of(candidate(SPOT), candidate(ON_DEMAND))));
      List<String> mine = s.pools.get(pool).nodeNames().subList(next[pool], next[pool] + nodes);
      next[pool] += nodes;
      for (String n : mine) {
        s.nodes.add(
            new SlurmNode(n, "mixed", Set.of("CLOUD", "POWERING_UP"), "", "", "", List.of("gpu")));
      }
      String hostlist = String.join(",", mine);
      s.jobs.add(
          new SlurmJob(
              job,
              "train",
              "CONFIGURING",
              "None",
              "gpu",
              hostlist,
              nodes,
              "gpu:h100:8",
              0,
              true,
              Optional.empty(),
              new SlurmJob.Accounting("u", account, Optional.of(limit), Optional.empty(), ""),
              ""));
      s.requests.add(
          new SpoolRequest(
              "r" + job,
              HookKind.RESUME,
              mine,
              List.of(new ResumeFile.JobNodes(job, hostlist)),
              NOW));
    }
    withoutBudgets = s.build();
    s.budgets = new BudgetFigures(budgets, spent, Map.of(), Set.of());
    withBudgets = s.build();
  }

  /** A hard budget of {@code hard} USD a month, or (null) a soft one of $50M. */
  static Budget budget(String name, BudgetScope scope, String hard, boolean spotOnly) {
    return new Budget(
        name,
        scope,
        new BudgetPeriod.Month(ZoneOffset.UTC),
        new BigDecimal(hard != null ? hard : "50000000"),
        hard != null ? Budget.Mode.HARD : Budget.Mode.SOFT,
        spotOnly,
        List.of(50, 80, 100),
        Optional.empty());
  }

  static AdmissionRequest.Candidate candidate(Offering o) {
    return new AdmissionRequest.Candidate(o.key(), o.pricePerHour());
  }

  @Benchmark
  public List<Admission> decide() {
    return BudgetAdmission.decide(budgets, spent, Map.of(), requests, NOW);
  }

  @Benchmark
  public List<Action> plan() {
    return Planner.plan(withBudgets);
  }

  @Benchmark
  public List<Action> planWithout() {
    return Planner.plan(withoutBudgets);
  }

  /** How many of the requests the budgets hold (printed once, so the figures mean something). */
  public static void main(String[] args) {
    AdmissionBenchmark b = new AdmissionBenchmark();
    b.setUp();
    long held = b.decide().stream().filter(Admission.Hold.class::isInstance).count();
    System.out.printf("%d of %d requests held by %d budgets%n", held, REQUESTS, b.budgets.size());
  }
}
