package dev.stratus.sandbox.demo;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.daemon.ControllerRuntime;
import dev.stratus.sandbox.embedded.AccountingSpec;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.sandbox.embedded.EmbeddedSpec;
import dev.stratus.sandbox.process.Processes;
import dev.stratus.sandbox.slurm.SlurmInstall;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One demo run: prepare and start the embedded cluster, run the controller in this process, submit
 * the sample jobs, show progress until the jobs are done and every node is suspended again, then
 * tear down (also on Ctrl-C) and report what is left.
 */
final class DemoRun {
  private final EmbeddedSpec spec;
  private final PrintStream out;
  private final boolean json;
  private final boolean keep;
  private final DemoScenario scenario;
  private final Duration timeout;
  private final Clock clock = Clock.systemUTC();
  private final Instant started = clock.instant();
  private final AtomicBoolean tornDown = new AtomicBoolean();
  private final DemoProgress progress = new DemoProgress();
  private EmbeddedCluster cluster;
  private ControllerRuntime runtime;
  private StratusConfig config;
  private long launchedBeforeRestarts;
  private DemoSummary.Left left = new DemoSummary.Left(-1, -1);
  private final SlurmInstall install;
  private final Optional<AccountingSpec> accounting;
  private String slurmVersion = "unknown";

  DemoRun(
      EmbeddedSpec spec,
      SlurmInstall install,
      Optional<AccountingSpec> accounting,
      DemoScenario scenario,
      PrintStream out,
      boolean json,
      boolean keep,
      Duration timeout) {
    this.spec = spec;
    this.install = install;
    this.accounting = accounting;
    this.scenario = scenario;
    this.out = out;
    this.json = json;
    this.keep = keep;
    this.timeout = timeout;
  }

  int run() throws Exception {
    Thread hook = new Thread(this::teardown, "stratus-demo-teardown");
    Runtime.getRuntime().addShutdownHook(hook);
    int submitted = 0;
    int completed = 0;
    boolean finished = false;
    try {
      say("scratch cluster in " + spec.root() + " (controller log: log/controller.log)");
      cluster = EmbeddedCluster.prepare(spec, install, accounting);
      // The controller first: its local provider creates the bridge slurmctld is reached on.
      config = scenario.configure(cluster);
      runtime = ControllerRuntime.start(config, clock);
      cluster.start();
      slurmVersion = cluster.slurmRelease();
      say(
          "Slurm "
              + slurmVersion
              + ": slurmctld and munged are up"
              + (accounting.isPresent()
                  ? ", with slurmdbd and MariaDB (accounts " + cluster.accounts() + ")"
                  : "")
              + "; "
              + spec.nodes()
              + " CLOUD nodes, all powered down (idle~)");
      Context ctx = context();
      submitted = scenario.submit(ctx);
      Instant deadline = started.plus(timeout);
      String last = "";
      while (clock.instant().isBefore(deadline)) {
        DemoProgress.Observation now = observe();
        scenario.tick(context(), now.jobs());
        completed = now.completed();
        String line = now.line();
        if (!line.equals(last)) {
          say(line);
          last = line;
        }
        if (now.finishedJobs() >= submitted
            && now.allPoweredDown()
            && now.instances() == 0
            && scenario.settled(context())) {
          finished = true;
          break;
        }
        Thread.sleep(1000);
      }
      if (!finished) {
        say("timed out after " + timeout + " waiting for jobs to finish and nodes to suspend");
      } else {
        say(
            "all jobs finished and every node is suspended again; job output in "
                + spec.root().resolve("jobs"));
      }
      if (keep) {
        say("cluster kept up. In another shell:");
        out.println("export SLURM_CONF=" + cluster.config().slurm().slurmConf());
        out.println("export PATH=" + cluster.config().slurm().binDir() + ":$PATH");
        say("then sbatch/srun into partition " + spec.pool() + "; press Ctrl-C here to tear down");
        Thread.currentThread().join();
      }
    } finally {
      teardown();
      Runtime.getRuntime().removeShutdownHook(hook);
    }
    DemoSummary summary =
        new DemoSummary(
            submitted,
            completed,
            (int) launchedBeforeRestarts
                + (runtime == null ? 0 : (int) runtime.controller().metrics().nodesLaunched()),
            progress.suspendedNodes(),
            left.instances(),
            left.namespaces(),
            progress.nominalCost(),
            Duration.between(started, clock.instant()),
            extra());
    say(summary.human());
    if (json) {
      out.println(summary.json());
    }
    boolean scenarioOk = runtime != null && scenario.success(context());
    return finished && summary.success() && scenarioOk ? 0 : 1;
  }

  /** The Slurm that really ran ({@code slurmctld -V}), then what the scenario reports. */
  private Map<String, Object> extra() {
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("slurm_version", slurmVersion);
    if (runtime != null) {
      extra.putAll(scenario.summary(context()));
    }
    return extra;
  }

  private String sbatch(List<String> args) {
    List<String> argv = new ArrayList<>(List.of("sbatch", "--parsable", "-p", spec.pool()));
    argv.addAll(args);
    Processes.Result r =
        Processes.output(
            argv,
            cluster.slurmEnv(),
            spec.root().resolve("log/sbatch.log"),
            Duration.ofSeconds(30));
    if (r.exitCode() != 0) {
      throw new IllegalStateException("sbatch " + args + " failed, see log/sbatch.log");
    }
    return r.stdout().strip();
  }

  /**
   * What a scenario may use: the cluster's jobs dir, sbatch, the providers, the console, the
   * controller's config now and its file, and a restart of the controller with a new config.
   */
  record Context(
      Path jobsDir,
      String partition,
      String gpuModel,
      String cluster,
      List<NodeProvider> providers,
      Function<List<String>, String> sbatcher,
      Consumer<String> console,
      StratusConfig config,
      Path configFile,
      Consumer<StratusConfig> restarter,
      Supplier<List<SlurmNode>> nodes,
      Supplier<MeterRegistry> metrics) {
    String sbatch(List<String> args) {
      return sbatcher.apply(args);
    }

    void say(String text) {
      console.accept(text);
    }

    /** Stops the controller and starts it again with {@code config}; nodes keep running. */
    void restartController(StratusConfig config) {
      restarter.accept(config);
    }
  }

  private Context context() {
    return new Context(
        spec.root().resolve("jobs"),
        spec.pool(),
        spec.gpuModel(),
        cluster.config().cluster(),
        List.copyOf(runtime.providers().values()),
        this::sbatch,
        this::say,
        config,
        cluster.configFile(),
        this::restartController,
        () -> runtime.slurm().nodes(),
        () -> runtime.controller().metrics().registry());
  }

  private void restartController(StratusConfig config) {
    launchedBeforeRestarts += runtime.controller().metrics().nodesLaunched();
    runtime.close();
    this.config = config;
    runtime = ControllerRuntime.start(config, clock);
  }

  private DemoProgress.Observation observe() {
    return progress.observe(
        runtime.slurm().nodes(),
        runtime.slurm().jobs(),
        listAll(),
        config.pools(),
        Duration.between(started, clock.instant()),
        clock.instant());
  }

  private List<Instance> listAll() {
    List<Instance> all = new ArrayList<>();
    for (NodeProvider p : runtime.providers().values()) {
      all.addAll(p.list(cluster.config().cluster()));
    }
    return all;
  }

  /** Idempotent: runs from the normal path and from the Ctrl-C hook, whichever comes first. */
  private void teardown() {
    if (!tornDown.compareAndSet(false, true)) {
      return;
    }
    say("tearing down");
    int instancesLeft = 0;
    if (runtime != null) {
      runtime.close();
      for (NodeProvider p : runtime.providers().values()) {
        try {
          List<String> ids = p.list(cluster.config().cluster()).stream().map(Instance::id).toList();
          if (!ids.isEmpty()) {
            p.terminate(ids);
          }
          instancesLeft += p.list(cluster.config().cluster()).size();
          p.close();
        } catch (RuntimeException e) {
          say("teardown of provider " + p.name() + ": " + e.getMessage());
          instancesLeft++;
        }
      }
    }
    if (cluster != null) {
      cluster.close();
    }
    left = new DemoSummary.Left(instancesLeft, LeftOvers.namespaces(spec));
  }

  private void say(String text) {
    out.println(text);
    out.flush();
  }
}
