package dev.stratus.simulator;

import dev.stratus.simulator.cluster.ClusterCommand;
import dev.stratus.simulator.engine.Experiment;
import dev.stratus.simulator.engine.Policies;
import dev.stratus.simulator.explain.SampleExplainer;
import dev.stratus.simulator.offers.MarketOffers;
import dev.stratus.simulator.offers.Offers;
import dev.stratus.simulator.report.ChartWriter;
import dev.stratus.simulator.report.JsonReport;
import dev.stratus.simulator.report.Summary;
import dev.stratus.simulator.report.TextReport;
import dev.stratus.simulator.run.JobSpec;
import dev.stratus.simulator.run.SampleResult;
import dev.stratus.simulator.trace.Market;
import dev.stratus.simulator.trace.Prices;
import dev.stratus.simulator.trace.Trace;
import dev.stratus.simulator.trace.TraceReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code stratus simulate}: the deadline policies of elastic-core on spot traces, with a simulated
 * clock. {@code single} judges each trace file as one zone; {@code multi} lets one job use every
 * file's zone together.
 */
@Command(
    name = "simulate",
    mixinStandardHelpOptions = true,
    subcommands = {SimulateCommand.Single.class, SimulateCommand.Multi.class, ClusterCommand.class},
    description = "Replay spot availability traces against deadline-aware spot policies.")
public final class SimulateCommand implements Runnable {
  @Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.setProperty("java.awt.headless", "true");
    System.exit(commandLine().execute(args));
  }

  /**
   * The command line with bad input (a trace, an option, an unwritable chart) reported as one line
   * naming it (exit code 2); anything else is a bug and keeps its stack trace.
   */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new SimulateCommand());
    cl.setExecutionExceptionHandler(
        (e, line, parsed) -> {
          if (e instanceof IllegalArgumentException || e instanceof UncheckedIOException) {
            line.getErr().println("stratus simulate: " + e.getMessage());
            return 2;
          }
          throw e;
        });
    return cl;
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(), "give a subcommand: single, multi or cluster");
  }

  /** The options both modes share. */
  static final class Options {
    @Option(names = "--traces", required = true, description = "Directory of *.json trace files.")
    Path traces;

    @Option(names = "--job-hours", required = true, description = "Work the job needs, hours.")
    double jobHours;

    @Option(names = "--deadline-hours", required = true, description = "Deadline after start.")
    double deadlineHours;

    @Option(
        names = "--changeover-hours",
        required = true,
        description = "Time a new instance spends before progress.")
    double changeoverHours;

    @Option(
        names = "--gang",
        defaultValue = "1",
        description = "Instances the job needs at once (default ${DEFAULT-VALUE}).")
    int gang;

    @Option(
        names = "--starts",
        defaultValue = "300",
        description = "Random start points per trace (default ${DEFAULT-VALUE}).")
    int starts;

    @Option(
        names = "--seed",
        defaultValue = "1",
        description = "Seed of the start points (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(
        names = "--policies",
        defaultValue = "greedy,uniform-progress,stratus,omniscient",
        description = "Comma-separated (default ${DEFAULT-VALUE}).")
    String policies;

    @Option(names = "--json", description = "Print one JSON line instead of a table.")
    boolean json;

    @Option(names = "--chart", description = "Also draw FILE.png or FILE.svg.")
    Path chart;

    @Option(
        names = "--on-demand-price",
        description = "On-demand USD per instance-hour for every zone.")
    Double onDemandPrice;

    @Option(names = "--spot-price", description = "Spot USD per instance-hour for every zone.")
    Double spotPrice;

    @Option(
        names = "--from-hour",
        defaultValue = "0",
        description = "Jobs start no earlier than this hour of the traces.")
    double fromHour;

    @Option(
        names = "--to-hour",
        description = "Jobs end no later than this hour of the traces (default: the end).")
    Double toHour;

    @Option(names = "--threads", description = "Worker threads (default: one per core).")
    Integer threads;

    @Option(
        names = "--explain",
        paramLabel = "N",
        description =
            "Run only sample N (0: the first drawn) and explain each decision of stratus (else of"
                + " the first online policy) beside every policy's run on it.")
    Integer explain;

    @Spec(Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    Prices prices() {
      return new Prices(
          optional(spotPrice, "--spot-price"), optional(onDemandPrice, "--on-demand-price"));
    }

    private static OptionalDouble optional(Double price, String option) {
      if (price == null) {
        return OptionalDouble.empty();
      }
      if (!(price >= 0)) {
        throw new IllegalArgumentException(option + " must be >= 0, got " + price);
      }
      return OptionalDouble.of(price);
    }

    int run(String mode, List<Trace> traces, List<Market> markets) {
      return run(mode, traces, markets, Offers.NONE);
    }

    int run(String mode, List<Trace> traces, List<Market> markets, Offers offers) {
      if (gang < 1 || starts < 1) {
        throw new IllegalArgumentException("--gang and --starts must be >= 1");
      }
      JobSpec job = JobSpec.ofHours(jobHours, deadlineHours, changeoverHours);
      List<String> names = Policies.parse(policies);
      List<MarketOffers> withOffers =
          markets.stream().map(m -> MarketOffers.of(m, offers, gang, seed)).toList();
      var experiment = Experiment.withOffers(withOffers, job, names);
      long gap = markets.get(0).gapSeconds();
      var window =
          new Experiment.Window(
              (int) Math.ceil(fromHour * 3600 / gap),
              toHour == null ? Integer.MAX_VALUE : (int) Math.floor(toHour * 3600 / gap));
      var samples = experiment.draw(starts, seed, window);
      if (explain != null) {
        if (json) {
          throw new IllegalArgumentException("--explain prints text: leave out --json");
        }
        samples = List.of(SampleExplainer.pick(samples, explain));
      }
      int workers = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
      var outcome = experiment.run(samples, workers);
      List<String> files = traces.stream().map(t -> t.name() + ".json").toList();
      Summary summary =
          Summary.of(mode, files, markets, job, outcome, offers.isEmpty() ? List.of() : withOffers);
      var out = spec.commandLine().getOut();
      out.println(json ? JsonReport.line(summary) : TextReport.table(summary));
      Map<String, SampleResult> first = new LinkedHashMap<>();
      outcome.results().forEach((p, r) -> first.put(p, r.get(0)));
      if (explain != null) {
        var sample = samples.get(0);
        out.print(
            SampleExplainer.report(
                explain, sample, withOffers.get(sample.market()), job, names, first));
      }
      out.flush();
      if (chart != null) {
        Market m = markets.get(samples.get(0).market());
        ChartWriter.write(
            chart, summary, new ChartWriter.Timeline(m.locations(), gap / 3600.0, first));
      }
      return 0;
    }
  }

  @Command(
      name = "single",
      mixinStandardHelpOptions = true,
      description = "Each trace file is one zone, judged alone.")
  static final class Single implements Callable<Integer> {
    @Mixin Options options;

    @Override
    public Integer call() {
      List<Trace> traces = TraceReader.readDirectory(options.traces);
      List<Market> markets =
          traces.stream()
              .map(t -> Market.of(List.of(t), options.gang, options.prices(), options.traces))
              .toList();
      return options.run("single", traces, markets);
    }
  }

  @Command(
      name = "multi",
      mixinStandardHelpOptions = true,
      description = "All trace files are zones one job may use together.")
  static final class Multi implements Callable<Integer> {
    @Mixin Options options;

    @Option(
        names = "--block",
        paramLabel = "start=H,end=H,instances=N,usd=X",
        description =
            "A reserved block: window [start, end) in hours of the traces, N instances, its price"
                + " in USD for the whole window (repeatable).")
    List<String> blocks = new ArrayList<>();

    @Option(
        names = "--flex",
        paramLabel = "price=P,max-run-hours=H,queue-hours=q1|q2|...",
        description =
            "A flex-start offer: USD per instance-hour, longest run after the grant, and the queue"
                + " times a request may wait, in hours, each equally likely (repeatable).")
    List<String> flex = new ArrayList<>();

    @Override
    public Integer call() {
      Offers offers = Offers.parse(blocks, flex);
      List<Trace> traces = TraceReader.readDirectory(options.traces);
      return options.run(
          "multi",
          traces,
          List.of(Market.of(traces, options.gang, options.prices(), options.traces)),
          offers);
    }
  }
}
