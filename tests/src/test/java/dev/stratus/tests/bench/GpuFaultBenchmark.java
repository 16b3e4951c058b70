package dev.stratus.tests.bench;

import static org.awaitility.Awaitility.await;

import dev.stratus.core.bench.Percentiles;
import dev.stratus.core.config.GpuHealthSettings;
import dev.stratus.core.slurm.CliSlurmClient;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.tests.support.CheckpointJobs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * GPU fault written → node drained and job requeued; target: median < 5 s on the local cluster.
 * Each run starts a checkpointing job, and once it runs writes an XID 79 into its node's kernel log
 * and fake nvidia-smi ({@code stratus local fault NODE --xid 79}), as the driver would; the node's
 * watcher (2 s polls) reports it, the controller signals the job, drains the node and requeues the
 * job when its checkpoint lands. Per run: <b>drained</b> = fault written → Slurm shows the node's
 * drain reason naming the XID; <b>requeued</b> = fault written → squeue shows the job requeued (the
 * gated figure). Also prints the level-1 admission check each booted node ran, with what each check
 * took (the agent's status lines). Prints every run and n, median, p90, max; exits 1 when the
 * median is 5 s or more. Needs root and Slurm; run with the command in docs/measurements.md.
 */
public final class GpuFaultBenchmark {
  static final Duration TARGET = Duration.ofSeconds(5);
  static final Duration WAIT = Duration.ofSeconds(150);
  static final Duration POLL = Duration.ofMillis(100);

  record Run(Duration drained, Duration requeued) {}

  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    List<Run> done = new ArrayList<>();
    GpuHealthSettings level1 =
        new GpuHealthSettings(
            1,
            Duration.ofSeconds(20),
            1,
            Duration.ofSeconds(2),
            3,
            Duration.ofSeconds(30),
            Duration.ofSeconds(30),
            new GpuHealthSettings.IdlePolicy(
                false, 5, Duration.ofMinutes(30), GpuHealthSettings.IdleAction.REPORT));
    try (BenchCluster bench =
        new BenchCluster("gf", 2, c -> c.withGpuHealth(Map.of(c.pools().get(0).name(), level1)))) {
      CliSlurmClient slurm =
          new CliSlurmClient(
              bench.cluster.config().slurm().binDir(), bench.cluster.config().slurm().slurmConf());
      CheckpointJobs jobs = new CheckpointJobs(bench.cluster);
      for (int i = 0; i < runs; i++) {
        Run run = once(bench, slurm, jobs);
        done.add(run);
        System.out.printf(
            Locale.ROOT,
            "run %d: drained %d ms, requeued %d ms%n",
            i + 1,
            run.drained().toMillis(),
            run.requeued().toMillis());
      }
      admissionLines(bench.cluster.config().stateDir().resolve("providers/local/nodes"))
          .forEach(l -> System.out.println("admission: " + l));
    }
    List<Long> requeued = done.stream().map(r -> r.requeued().toMillis()).sorted().toList();
    List<Long> drained = done.stream().map(r -> r.drained().toMillis()).sorted().toList();
    long median = Percentiles.of(requeued, 50);
    System.out.printf(
        Locale.ROOT,
        "XID 79 written -> job requeued: n=%d, median %d ms, p90 %d ms, max %d ms; -> node drained:"
            + " median %d ms, max %d ms; target: median < %d ms%n",
        done.size(),
        median,
        Percentiles.of(requeued, 90),
        Percentiles.of(requeued, 100),
        Percentiles.of(drained, 50),
        Percentiles.of(drained, 100),
        TARGET.toMillis());
    System.exit(median < TARGET.toMillis() ? 0 : 1);
  }

  private static Run once(BenchCluster bench, CliSlurmClient slurm, CheckpointJobs jobs) {
    for (var o : bench.cluster.config().pools().get(0).offerings()) {
      bench.runtime.controller().unavailable().markAvailable(o.key());
    }
    long job = Long.parseLong(jobs.submit(1, 600, 5));
    SlurmJob running =
        first(
            WAIT,
            () ->
                job(slurm, job)
                    .filter(
                        j ->
                            j.state().equals("RUNNING")
                                && jobs.log(Long.toString(job)).lastStep() >= 2));
    String node = running.nodes();
    Instant written = Instant.now();
    if (jobs.fault(node, "--xid", "79", "--gpu", "3") != 0) {
      throw new IllegalStateException("stratus local fault " + node + " failed");
    }
    Instant drained =
        first(
            Duration.ofSeconds(60),
            () ->
                slurm.nodes().stream()
                    .filter(n -> n.name().equals(node) && n.reason().contains("xid 79"))
                    .findFirst()
                    .map(n -> Instant.now()));
    first(Duration.ofSeconds(60), () -> job(slurm, job).filter(j -> j.restartCount() > 0));
    Instant requeued = Instant.now();
    jobs.run(List.of("scancel", Long.toString(job)));
    // the node goes (powered down, instance terminated) before the next run
    await()
        .atMost(WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .until(
            () ->
                slurm.nodes().stream()
                    .filter(n -> n.name().equals(node))
                    .allMatch(SlurmNode::poweredDown));
    return new Run(Duration.between(written, drained), Duration.between(written, requeued));
  }

  /** Each node's {@code gpu-health} status line: what its admission check read, and how long. */
  static List<String> admissionLines(Path nodes) throws IOException {
    List<String> out = new ArrayList<>();
    if (!Files.isDirectory(nodes)) {
      return out;
    }
    try (Stream<Path> dirs = Files.list(nodes)) {
      for (Path d : dirs.sorted().toList()) {
        Path status = d.resolve("status.jsonl");
        if (Files.exists(status)) {
          Files.readAllLines(status).stream()
              .filter(l -> l.contains("\"gpu-health\""))
              .forEach(l -> out.add(d.getFileName() + " " + l));
        }
      }
    }
    return out;
  }

  private static Optional<SlurmJob> job(CliSlurmClient slurm, long id) {
    return slurm.jobs().stream().filter(j -> j.jobId() == id).findFirst();
  }

  private static <T> T first(Duration limit, Callable<Optional<T>> probe) {
    return await().atMost(limit).pollInterval(POLL).until(probe, Optional::isPresent).get();
  }
}
