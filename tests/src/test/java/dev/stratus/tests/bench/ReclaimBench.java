package dev.stratus.tests.bench;

import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.core.plan.PendingNotice;
import dev.stratus.core.slurm.CliSlurmClient;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.daemon.ControllerRuntime;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.tests.support.CheckpointJobs;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One embedded cluster whose running jobs are reclaimed with notice one at a time, timed on this
 * machine's one clock (the controller runs in this JVM). The job is the sample checkpointing job;
 * it is cancelled once requeued, so each run starts the same way.
 */
final class ReclaimBench {
  static final Duration WAIT = Duration.ofSeconds(150);
  static final Duration POLL = Duration.ofMillis(100);

  /** One reclaim's figures; see {@link NoticeToRequeueBenchmark}. */
  record Run(Duration requeued, Duration issued, Duration watcher) {}

  private final EmbeddedCluster cluster;
  private final ControllerRuntime runtime;
  private final CliSlurmClient slurm;
  private final CheckpointJobs jobs;

  ReclaimBench(EmbeddedCluster cluster, ControllerRuntime runtime) throws IOException {
    this.cluster = cluster;
    this.runtime = runtime;
    this.slurm =
        new CliSlurmClient(cluster.config().slurm().binDir(), cluster.config().slurm().slurmConf());
    this.jobs = new CheckpointJobs(cluster);
  }

  Run reclaimOnce() throws Exception {
    for (Offering o : cluster.config().pools().get(0).offerings()) {
      runtime.controller().unavailable().markAvailable(o.key());
    }
    long job = Long.parseLong(jobs.submit(1, 600, 5));
    // Running its script (a step done), so the node, its watcher and the job's traps are up.
    SlurmJob running =
        first(WAIT, () -> job(job).filter(j -> j.state().equals("RUNNING") && stepped(j)));
    Instance instance = first(WAIT, () -> instanceOn(running.nodes()));
    Timer timer = runtime.controller().metrics().noticeToRequeue();
    long timedBefore = timer.count();
    double timedMsBefore = timer.totalTime(TimeUnit.MILLISECONDS);

    Instant posted = Instant.now();
    CompletableFuture<Integer> reclaim =
        CompletableFuture.supplyAsync(() -> jobs.reclaim(running.nodes(), "25s"));
    Instant received = first(Duration.ofSeconds(30), () -> receivedAt(instance.id()));
    // Counted from the run the notice cut: a boot that missed ResumeTimeout requeues it too.
    int restarts = running.restartCount();
    first(Duration.ofSeconds(60), () -> job(job).filter(j -> j.restartCount() > restarts));
    Instant requeued = Instant.now();
    await()
        .atMost(Duration.ofSeconds(10))
        .pollInterval(POLL)
        .until(() -> timer.count() > timedBefore);
    Duration issued =
        Duration.ofMillis(Math.round(timer.totalTime(TimeUnit.MILLISECONDS) - timedMsBefore));

    jobs.run(List.of("scancel", Long.toString(job)));
    if (reclaim.get(60, TimeUnit.SECONDS) != 0) {
      throw new IllegalStateException("stratus local reclaim " + running.nodes() + " failed");
    }
    return new Run(
        Duration.between(received, requeued), issued, Duration.between(posted, received));
  }

  /**
   * Submits a job pinned to {@code node} and waits until {@code slow} holds its launch: from then
   * on a launch is in flight for as long as the benchmark runs.
   */
  void holdALaunch(String node, SlowLaunchProvider slow) {
    jobs.run(List.of("sbatch", "-p", "gpu", "-N1", "-w", node, "--wrap", "sleep 3600"));
    await().atMost(WAIT).pollInterval(POLL).until(() -> slow.held() == 1);
  }

  /** The spot lines of {@code GET /metrics}, fetched over HTTP as Prometheus would. */
  String spotMetrics() throws Exception {
    var address = runtime.noticeAddress().orElseThrow();
    URI uri =
        URI.create(
            "http://"
                + address.getAddress().getHostAddress()
                + ":"
                + address.getPort()
                + "/metrics");
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
    StringBuilder out =
        new StringBuilder("GET " + uri + " -> " + r.statusCode() + ", spot lines:\n");
    r.body()
        .lines()
        .filter(l -> l.startsWith("stratus_spot_") && !l.contains("_bucket"))
        .forEach(l -> out.append("  ").append(l).append('\n'));
    return out.toString();
  }

  private boolean stepped(SlurmJob j) {
    return jobs.log(Long.toString(j.jobId())).lastStep() >= 1;
  }

  private Optional<Instant> receivedAt(String instanceId) {
    return runtime.controller().notices().pending().stream()
        .filter(p -> p.notice().instanceId().equals(instanceId))
        .map(PendingNotice::receivedAt)
        .findFirst();
  }

  private Optional<SlurmJob> job(long id) {
    return slurm.jobs().stream().filter(j -> j.jobId() == id).findFirst();
  }

  private Optional<Instance> instanceOn(String node) {
    return runtime.providers().get("local").list(cluster.config().cluster()).stream()
        .filter(i -> i.nodeName().filter(node::equals).isPresent())
        .findFirst();
  }

  /** Polls every 100 ms (Awaitility) until the probe gives a value, which it returns. */
  private static <T> T first(Duration limit, Callable<Optional<T>> probe) {
    return await().atMost(limit).pollInterval(POLL).until(probe, Optional::isPresent).get();
  }
}
