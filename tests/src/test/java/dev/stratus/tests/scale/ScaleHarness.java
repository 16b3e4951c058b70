package dev.stratus.tests.scale;

import dev.stratus.core.bench.Percentiles;
import dev.stratus.core.slurm.SqueueColumns;
import dev.stratus.hook.spool.Spool;
import dev.stratus.sandbox.process.Processes;
import dev.stratus.sandbox.slurm.SlurmInstall;
import dev.stratus.tests.support.E2eCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * The scale harness: a real slurmctld with {@code nodes} CLOUD nodes in four pools, the real
 * controller ({@code stratus controller} in a JVM of its own) on the {@code scale} cloud model,
 * whose instances boot into real slurmd that register; a queue of {@code jobs} jobs of mixed shapes
 * ({@link JobMix}); a burst that makes slurmctld resume the whole first pool at once. Prints its
 * progress, then the figures as one line of JSON ({@link ScaleReport}). Arguments: nodes, jobs
 * (default 4096 and 50000); {@code -Dscale.boot} (seconds from launch to slurmd, default 20),
 * {@code -Dscale.passes} (passes measured, default 10); {@code -Dstratus.slurm} picks the Slurm as
 * for the e2e suite. Needs root and Slurm (like the e2e suite). Ends every process it started, by
 * pid, and removes its directory unless {@code -Dscale.keep=true}.
 */
public final class ScaleHarness {
  private ScaleHarness() {}

  public static void main(String[] args) throws Exception {
    int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
    int jobs = args.length > 1 ? Integer.parseInt(args[1]) : 50_000;
    ScaleSpec spec =
        new ScaleSpec(
            nodes,
            jobs,
            nodes / 4,
            Duration.ofSeconds(Long.getLong("scale.boot", 20)),
            Integer.getInteger("scale.passes", 10));
    ScaleReport report = run(spec, E2eCluster.slurmUnderTest());
    System.out.println(report.json());
  }

  public static ScaleReport run(ScaleSpec spec, SlurmInstall install) throws Exception {
    Path root = Files.createTempDirectory("stratus-scale-");
    String cluster = "scale" + Integer.toHexString(new SecureRandom().nextInt(0x10000));
    ScaleSlurm slurm = ScaleSlurm.prepare(root, cluster, spec, install);
    Submitter submitter = new Submitter(slurm);
    List<Long> running = new ArrayList<>();
    ScaleController controller = null;
    try {
      slurm.start();
      controller = ScaleController.start(root, root.resolve("stratus.yaml"));
      return measure(spec, slurm, submitter, controller, running);
    } finally {
      if (controller != null) {
        controller.close();
      }
      stop(submitter, running, slurm);
      if (!Boolean.getBoolean("scale.keep")) {
        deleteTree(root);
      } else {
        System.err.println("scale: kept " + root);
      }
    }
  }

  private static ScaleReport measure(
      ScaleSpec spec,
      ScaleSlurm slurm,
      Submitter submitter,
      ScaleController controller,
      List<Long> running)
      throws Exception {
    List<JobMix.Batch> burst = JobMix.burst(spec.pools().get(0));
    int burstJobs = JobMix.jobs(burst);
    List<JobMix.Batch> queue = JobMix.queue(spec.pools(), spec.jobs() - burstJobs);
    if (!waitFor(Duration.ofMinutes(2), Duration.ofSeconds(1), () -> passes(controller) > 0)) {
      throw new IllegalStateException(
          "the controller ran no pass within 2 minutes, see " + controller.log);
    }
    Instant start = Instant.now();
    submit(submitter, queue.stream().filter(b -> b.kind() != JobMix.Kind.WAITING).toList(), null);
    double submitSeconds = seconds(start, Instant.now());
    progress("queue in: %d jobs in %.0f s", JobMix.jobs(queue), submitSeconds);

    for (JobMix.Batch b : burst) {
      running.add(submitter.submit(b, Optional.empty()));
    }
    Instant t0 = Instant.now();
    submitter.release(running);
    Duration limit = spec.boot().plusMinutes(5);
    boolean burstDone =
        waitFor(limit, Duration.ofSeconds(1), () -> submitter.running(running) >= burstJobs);
    double burstSeconds = burstDone ? seconds(t0, Instant.now()) : -1;
    int burstRunning = submitter.running(running);
    progress(
        "burst: %d jobs on %d nodes, %d running after %.1f s",
        burstJobs, spec.burstNodes(), burstRunning, seconds(t0, Instant.now()));

    Instant more = Instant.now();
    running.addAll(
        submit(
            submitter, queue.stream().filter(b -> b.kind() == JobMix.Kind.WAITING).toList(), null));
    submitSeconds += seconds(more, Instant.now());

    int before = controller.passMicros().size();
    waitFor(
        Duration.ofSeconds(60L * spec.passes()),
        Duration.ofSeconds(1),
        () -> passes(controller) >= before + spec.passes());
    List<Long> all = controller.passMicros();
    List<Long> steady = all.subList(before, Math.min(all.size(), before + spec.passes()));
    long rss = controller.peakRssMib().orElse(-1);

    for (Submitter.Read r :
        List.of(
            submitter.time("squeue", "--json", "--all", "--states=all"),
            submitter.time("squeue", SqueueColumns.arguments().toArray(String[]::new)),
            submitter.time("sinfo", "--json"),
            submitter.time("scontrol", "-o", "show", "node"))) {
      progress("read: %s: %d bytes in %d ms", r.command(), r.bytes(), r.millis());
    }
    HookCalls hooks = HookCalls.read(slurm.root.resolve("log/hooks.log"));
    List<String[]> states = submitter.nodeStates();
    Set<String> asked = hooks.asked();
    int registered =
        (int)
            states.stream()
                .filter(
                    s ->
                        asked.contains(s[0])
                            && s[1].chars().noneMatch(c -> "~#*%!".indexOf(c) >= 0))
                .count();
    int stuck = (int) states.stream().filter(s -> s[1].contains("#")).count();
    long notBooted =
        asked.stream()
            .filter(n -> !Files.exists(slurm.slurm.nodesDir().resolve(n).resolve("booted")))
            .count();
    int spoolLeft = new Spool(slurm.config.spoolDir(), Clock.systemUTC()).pending().size();
    return new ScaleReport(
        slurm.release,
        spec.nodes(),
        registered,
        JobMix.jobs(queue) + burstJobs,
        submitter.records(),
        steady.isEmpty() ? -1 : Percentiles.of(steady, 50) / 1000.0,
        steady.isEmpty() ? -1 : Percentiles.of(steady, 99) / 1000.0,
        steady.size(),
        rss,
        asked.size(),
        burstJobs,
        burstRunning,
        burstSeconds,
        spec.boot().toMillis() / 1000.0,
        hooks.latencies().size(),
        hooks.maxMillis(),
        hooks.latencies().isEmpty() ? -1 : Duration.between(t0, hooks.lastSpooled()).toMillis(),
        (int) notBooted + spoolLeft,
        stuck,
        submitSeconds);
  }

  private static int passes(ScaleController controller) {
    try {
      return controller.passMicros().size();
    } catch (IOException e) {
      return 0;
    }
  }

  /**
   * Submits every batch (sbatch one after the other; the splits, the slow part, two at a time); the
   * arrays' job ids. A dependent batch depends on the first held one.
   */
  private static List<Long> submit(Submitter submitter, List<JobMix.Batch> batches, Long held)
      throws Exception {
    ExecutorService splits = Executors.newFixedThreadPool(2);
    List<Long> ids = new ArrayList<>();
    List<Future<?>> done = new ArrayList<>();
    try {
      for (JobMix.Batch b : batches) {
        long id = submitter.submit(b, Optional.ofNullable(held));
        if (held == null && b.kind() == JobMix.Kind.HELD) {
          held = id;
        }
        ids.add(id);
        if (b.split()) {
          done.add(splits.submit(() -> submitter.split(id, b.count())));
        }
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      splits.shutdownNow();
    }
    return ids;
  }

  /** Cancels the jobs that run, stops every node's slurmd, then slurmctld and munged. */
  private static void stop(Submitter submitter, List<Long> running, ScaleSlurm slurm) {
    boolean cancelled =
        waitFor(
            Duration.ofMinutes(2),
            Duration.ofSeconds(2),
            () -> {
              try {
                submitter.cancel(running);
                return true;
              } catch (RuntimeException e) {
                return false; // slurmctld busy: again
              }
            });
    waitFor(Duration.ofSeconds(60), Duration.ofSeconds(1), () -> submitter.running(running) == 0);
    if (!cancelled) {
      System.err.println("scale: could not cancel the running jobs, see " + slurm.root);
    }
    Path sbin = slurm.config.slurm().sbinDir();
    List<Long> slurmds = daemonsOf(slurm, sbin.resolve("slurmd"));
    // SIGTERM to all first: stopped one by one, 1,024 slurmd took more than 10 minutes to end
    slurmds.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy));
    slurmds.forEach(pid -> Processes.stop(pid, Duration.ofSeconds(10)));
    daemonsOf(slurm, sbin.resolve("slurmstepd"))
        .forEach(pid -> Processes.stop(pid, Duration.ofSeconds(5)));
    slurm.close();
  }

  /**
   * The processes running {@code program} with this cluster's SLURM_CONF: every node's slurmd (a
   * pid file is not enough: a slurmd still registering has not written one yet) and the slurmstepd
   * of jobs still running.
   */
  private static List<Long> daemonsOf(ScaleSlurm slurm, Path program) {
    String mark = "\nSLURM_CONF=" + slurm.config.slurm().slurmConf() + "\n";
    return ProcessHandle.allProcesses()
        .map(ProcessHandle::pid)
        .filter(pid -> ScaleNodeProvider.ScaleNodes.runs(pid, program))
        .filter(pid -> ("\n" + environ(pid) + "\n").contains(mark))
        .toList();
  }

  private static String environ(long pid) {
    try {
      return new String(Files.readAllBytes(Path.of("/proc/" + pid + "/environ")))
          .replace('\0', '\n');
    } catch (IOException e) {
      return "";
    }
  }

  static boolean waitFor(Duration limit, Duration every, BooleanSupplier done) {
    Instant end = Instant.now().plus(limit);
    while (Instant.now().isBefore(end)) {
      if (done.getAsBoolean()) {
        return true;
      }
      Processes.pause(every.toMillis());
    }
    return done.getAsBoolean();
  }

  private static double seconds(Instant from, Instant to) {
    return Duration.between(from, to).toMillis() / 1000.0;
  }

  private static void progress(String format, Object... args) {
    System.out.println("scale: " + String.format(Locale.ROOT, format, args));
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
