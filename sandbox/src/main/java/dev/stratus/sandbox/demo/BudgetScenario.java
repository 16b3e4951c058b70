package dev.stratus.sandbox.demo;

import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.plan.BudgetGate;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.sandbox.embedded.EmbeddedBudgets;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code stratus demo --scenario budget}: accounts team-a and team-b with hard monthly budgets
 * ($3.00 and $5.00; a spot node costs $39.33 an hour). team-a submits two 2-minute jobs ($1.31
 * each, admitted) and a 10-minute one ($6.56), which would overrun and is held with its reason in
 * its AdminComment; team-b one 2-minute job. Once it is held, team-a's budget is raised to $20.00
 * (stratus.yaml edited, the controller restarted) and the held job is released by itself and runs.
 * The summary compares the ledger with what the instances themselves ran ({@link DemoBooks}).
 */
final class BudgetScenario implements DemoScenario {
  static final int JOBS = 4;
  static final Map<String, BigDecimal> BUDGETS =
      Map.of("team-a", new BigDecimal("3.00"), "team-b", new BigDecimal("5.00"));
  static final Map<String, BigDecimal> RAISED =
      Map.of("team-a", new BigDecimal("20.00"), "team-b", new BigDecimal("5.00"));

  private final Clock clock = Clock.systemUTC();
  private final Instant started = clock.instant();
  private final List<Long> jobIds = new ArrayList<>();
  private final Map<Long, String> held = new LinkedHashMap<>();
  private final List<Long> released = new ArrayList<>();
  private long overrun;
  private boolean raised;

  @Override
  public boolean needsAccounting() {
    return true;
  }

  @Override
  public StratusConfig configure(EmbeddedCluster cluster) throws IOException {
    return EmbeddedBudgets.hardBudgets(cluster.configFile(), BUDGETS);
  }

  @Override
  public int submit(DemoRun.Context ctx) {
    submit(ctx, "team-a", 2);
    submit(ctx, "team-a", 2);
    overrun = submit(ctx, "team-a", 10);
    submit(ctx, "team-b", 2);
    return JOBS;
  }

  private long submit(DemoRun.Context ctx, String account, int minutes) {
    String id =
        ctx.sbatch(
            List.of(
                "-A",
                account,
                "-N1",
                "--gres=gpu:" + ctx.gpuModel() + ":8",
                "--time=" + minutes,
                "--output=" + ctx.jobsDir().resolve("%j.out"),
                "--wrap",
                "srun hostname; sleep 5"));
    ctx.say("submitted job " + id + " for account " + account + " with --time=" + minutes);
    jobIds.add(Long.parseLong(id));
    return Long.parseLong(id);
  }

  @Override
  public void tick(DemoRun.Context ctx, List<SlurmJob> jobs) {
    for (SlurmJob job : jobs) {
      long id = job.jobId();
      if (!jobIds.contains(id)) {
        continue;
      }
      if (BudgetGate.heldFor(job).isPresent() && !held.containsKey(id)) {
        held.put(id, job.accounting().adminComment());
        ctx.say("job " + id + " held: " + job.accounting().adminComment());
      } else if (held.containsKey(id) && !released.contains(id) && !job.pending()) {
        released.add(id);
        ctx.say("job " + id + " released and " + job.state().toLowerCase(Locale.ROOT));
      }
    }
    if (!raised && held.containsKey(overrun)) {
      raised = true;
      ctx.say("raising team-a's budget to $20.00: stratus.yaml edited, controller restarted");
      try {
        ctx.restartController(EmbeddedBudgets.hardBudgets(ctx.configFile(), RAISED));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  @Override
  public boolean settled(DemoRun.Context ctx) {
    try {
      return DemoBooks.read(ctx, started, clock.instant()).settled();
    } catch (RuntimeException e) {
      return false; // the ledger is being written or migrated: look again next time
    }
  }

  @Override
  public Map<String, Object> summary(DemoRun.Context ctx) {
    DemoBooks books = DemoBooks.read(ctx, started, clock.instant());
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("jobs_held_by_budget", held.size());
    out.put("jobs_released", released.size());
    out.put("held_reasons", new ArrayList<>(held.values()));
    out.putAll(books.fields());
    return out;
  }

  @Override
  public boolean success(DemoRun.Context ctx) {
    DemoBooks books = DemoBooks.read(ctx, started, clock.instant());
    return held.containsKey(overrun)
        && released.contains(overrun)
        && books.withinBudgets()
        && books.agree();
  }
}
