package dev.stratus.simulator.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stratus.api.model.Pool;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.money.Budget;
import dev.stratus.simulator.trace.TraceReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code stratus simulate cluster}: a job stream through the controller's own decisions. */
@Command(
    name = "cluster",
    mixinStandardHelpOptions = true,
    description =
        "Replay a job stream (Philly CSV or sacct --parsable2) through the planner, budget"
            + " admission and a deadline policy, on simulated Slurm and clouds.")
public final class ClusterCommand implements Callable<Integer> {
  @Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--jobs", required = true, description = "The job stream file.")
  Path jobs;

  @Option(names = "--pools", required = true, description = "The stratus.yaml to run against.")
  Path pools;

  @Option(names = "--traces", required = true, description = "Directory of <zone>.json traces.")
  Path traces;

  @Option(
      names = "--budgets",
      description = "A file of budgets: (stratus.yaml's format); default: the pools file's.")
  Path budgets;

  @Option(
      names = "--policy",
      defaultValue = "stratus",
      description = "greedy, uniform-progress, stratus, or none (default ${DEFAULT-VALUE}).")
  String policy;

  @Option(
      names = "--deadline-factor",
      defaultValue = "1.5",
      description = "Deadline = submission + F x run time; 0: none (default ${DEFAULT-VALUE}).")
  double deadlineFactor;

  @Option(
      names = "--boot-minutes",
      defaultValue = "12",
      description = "A new instance's boot, billed (default ${DEFAULT-VALUE}).")
  double bootMinutes;

  @Option(
      names = "--checkpoint-minutes",
      defaultValue = "30",
      description = "A running job checkpoints this often (default ${DEFAULT-VALUE}).")
  double checkpointMinutes;

  @Option(names = "--limit", description = "Replay only the first N jobs.")
  Integer limit;

  @Option(names = "--json", description = "Print one JSON line instead of a table.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    ClusterResult r = run();
    spec.commandLine().getOut().println(json ? json(r) : text(r));
    return 0;
  }

  ClusterResult run() {
    StratusConfig config = SimConfig.load(pools);
    List<Budget> chosen =
        budgets == null
            ? config.money().budgets()
            : ConfigLoader.loadBudgets(
                budgets, config.pools().stream().map(Pool::name).collect(Collectors.toSet()));
    JobStreamReader.Stream stream = JobStreamReader.read(jobs);
    List<SimJob> replayed =
        limit == null
            ? stream.jobs()
            : stream.jobs().subList(0, Math.min(limit, stream.jobs().size()));
    ClusterSettings settings =
        new ClusterSettings(
            minutes(bootMinutes, "--boot-minutes"),
            minutes(checkpointMinutes, "--checkpoint-minutes"),
            deadlineFactor,
            policy.equals("none") ? Optional.empty() : Optional.of(policy),
            chosen,
            Duration.ofSeconds(11));
    ClusterResult r =
        new ClusterSimulation(config, replayed, TraceReader.readDirectory(traces), traces, settings)
            .run();
    return r.withSkipped(stream.skipped());
  }

  private static Duration minutes(double m, String option) {
    if (!(m >= 0)) {
      throw new IllegalArgumentException(option + " must be >= 0, got " + m);
    }
    return Duration.ofMillis(Math.round(m * 60_000));
  }

  static String json(ClusterResult r) {
    ObjectMapper mapper =
        new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
    ObjectNode o = mapper.createObjectNode().put("mode", "cluster");
    o.setAll((ObjectNode) mapper.valueToTree(r));
    o.put("cost_vs_on_demand", r.costVsOnDemand());
    return o.toString();
  }

  static String text(ClusterResult r) {
    return String.format(
        Locale.ROOT,
        "jobs %d (skipped %d), %.1f simulated days%n"
            + "cost $%,.0f, all on-demand $%,.0f: %.3f of on-demand%n"
            + "node-hours: spot %.0f, on-demand %.0f%n"
            + "deadlines: %d of %d missed%n"
            + "reclaims %d, GPU-hours lost to them %.1f; budget holds %d%n"
            + "queueing delay: mean %.2f h, p95 %.2f h%n"
            + "controller: %d passes; per pass %.1f us CPU, wall mean %.1f us, p99 %.1f us, max"
            + " %.1f us",
        r.jobs(),
        r.skipped(),
        r.simulatedDays(),
        r.costUsd(),
        r.allOnDemandUsd(),
        r.costVsOnDemand(),
        r.spotNodeHours(),
        r.onDemandNodeHours(),
        r.deadlineMisses(),
        r.deadlineJobs(),
        r.reclaims(),
        r.gpuHoursLostToReclaims(),
        r.budgetHolds(),
        r.meanQueueHours(),
        r.p95QueueHours(),
        r.passes(),
        r.passCpuMeanMicros(),
        r.passMeanMicros(),
        r.passP99Micros(),
        r.passMaxMicros());
  }
}
