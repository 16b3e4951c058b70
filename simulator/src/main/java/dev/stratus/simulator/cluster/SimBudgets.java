package dev.stratus.simulator.cluster;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Tags;
import dev.stratus.core.money.Admission;
import dev.stratus.core.money.AdmissionRequest;
import dev.stratus.core.money.Budget;
import dev.stratus.core.money.BudgetAdmission;
import dev.stratus.core.money.BudgetPeriod;
import dev.stratus.core.money.JobOwner;
import dev.stratus.core.plan.Action;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Budget admission in the replay, with {@code BudgetAdmission.decide} itself: before a launch the
 * job's request (its owner, pool, nodes, time limit and the launch's candidates with their prices)
 * is admitted against the budgets, given what each has spent in its current period and what the
 * jobs it covers still reserve (nodes × price × time limit not yet run). Spend accrues per
 * instance-second to the budgets covering the job the instance was launched for (idle time
 * included). A hold drops the launch; an admit keeps only the candidates the budgets allow.
 */
final class SimBudgets {
  private final List<Budget> budgets;
  private final SimCloud cloud;
  private final Map<String, BigDecimal> spent = new HashMap<>();
  private final Map<String, Instant> window = new HashMap<>();
  private Instant last;
  private int holds;

  SimBudgets(List<Budget> budgets, SimCloud cloud) {
    this.budgets = budgets;
    this.cloud = cloud;
  }

  int holds() {
    return holds;
  }

  void accrue(Instant now, List<JobRun> jobs) {
    if (budgets.isEmpty()) {
      return;
    }
    for (Budget b : budgets) {
      Optional<BudgetPeriod.Window> w = b.period().window(now);
      Instant from = w.map(BudgetPeriod.Window::from).orElse(Instant.EPOCH);
      if (!from.equals(window.put(b.name(), from))) {
        spent.put(b.name(), BigDecimal.ZERO);
      }
    }
    if (last != null && now.isAfter(last)) {
      BigDecimal hours = hours(Duration.between(last, now));
      for (Instance i : cloud.alive()) {
        JobRun job = jobOf(i, jobs);
        BigDecimal amount = cloud.priceOf(i.id()).multiply(hours);
        for (Budget b : budgets) {
          if (b.period().window(now).isPresent()
              && job != null
              && b.scope().covers(owner(job), i.pool().orElse(""))) {
            spent.merge(b.name(), amount, BigDecimal::add);
          }
        }
      }
    }
    last = now;
  }

  Optional<Action.Launch> admit(Action.Launch l, JobRun job, Instant now, List<JobRun> jobs) {
    if (budgets.isEmpty() || job == null) {
      return Optional.of(l);
    }
    var candidates =
        l.candidates().stream()
            .map(o -> new AdmissionRequest.Candidate(o.key(), o.pricePerHour()))
            .toList();
    var request =
        new AdmissionRequest(
            owner(job), l.pool(), l.nodes().size(), Optional.of(job.spec.timeLimit()), candidates);
    Admission a =
        BudgetAdmission.decide(budgets, spent, reserved(now, jobs), List.of(request), now).get(0);
    if (a instanceof Admission.Admit admit) {
      var keys = admit.candidates().stream().map(AdmissionRequest.Candidate::offering).toList();
      var allowed = l.candidates().stream().filter(o -> keys.contains(o.key())).toList();
      return Optional.of(
          new Action.Launch(
              l.requestId(), l.pool(), l.jobId(), l.nodes(), allowed, l.tokenSeed(), l.reason()));
    }
    holds++;
    return Optional.empty();
  }

  /** Per budget: what running jobs' instances still reserve (price × time limit not yet run). */
  private Map<String, BigDecimal> reserved(Instant now, List<JobRun> jobs) {
    Map<String, BigDecimal> out = new HashMap<>();
    for (Instance i : cloud.alive()) {
      JobRun job = jobOf(i, jobs);
      if (job == null || job.phase == JobRun.Phase.DONE || job.phase == JobRun.Phase.PENDING) {
        continue;
      }
      Duration left = job.spec.timeLimit().minus(Duration.between(i.launchedAt(), now));
      if (left.isNegative()) {
        continue;
      }
      BigDecimal amount = cloud.priceOf(i.id()).multiply(hours(left));
      for (Budget b : budgets) {
        if (b.scope().covers(owner(job), i.pool().orElse(""))) {
          out.merge(b.name(), amount, BigDecimal::add);
        }
      }
    }
    return out;
  }

  private static JobRun jobOf(Instance i, List<JobRun> jobs) {
    String job = i.tags().get(Tags.JOB);
    long id = job == null ? 0 : Long.parseLong(job);
    return id > 0 && id <= jobs.size() ? jobs.get((int) id - 1) : null;
  }

  private static JobOwner owner(JobRun job) {
    return new JobOwner(
        job.slurmId,
        job.spec.user(),
        job.spec.account(),
        job.pool == null ? "" : job.pool.partition());
  }

  private static BigDecimal hours(Duration d) {
    return BigDecimal.valueOf(d.toMillis())
        .divide(BigDecimal.valueOf(3_600_000), MathContext.DECIMAL64);
  }
}
