package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.tests.chaos.Reliability;
import dev.stratus.tests.support.CheckpointJobs;
import dev.stratus.tests.support.E2eCluster;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One spot storm on an embedded cluster of eight nodes: four whole-node jobs ({@code --exclusive},
 * 8 GPUs) and eight half-node jobs (4 GPUs, 1 CPU: two share a node) of the sample checkpointing
 * job fill the eight nodes exactly; half the nodes (two shared, two whole) are reclaimed at once,
 * one of each kind with a notice and one of each without. While the jobs finish it watches their
 * requeues and every instance the provider lists.
 */
final class Storm {
  private static final Pattern CHECKPOINT = Pattern.compile("^checkpoint step=(\\d+) reason=\\S+$");
  private static final Duration DONE = Duration.ofSeconds(300);

  private final E2eCluster e2e;
  private final CheckpointJobs jobs;
  private final int every;
  private final Instant started = Instant.now();
  private final Map<String, List<String>> jobsByNode;
  private final Set<String> instancesBefore;
  private final Map<String, Integer> restartsBefore = new LinkedHashMap<>();
  private final Map<String, Instance> seen = new ConcurrentHashMap<>();
  private final Map<String, Instant> requeuedAt = new ConcurrentHashMap<>();
  private final List<String> reclaimed = new ArrayList<>();
  private final List<String> withNotice = new ArrayList<>();
  private final List<String> withoutNotice = new ArrayList<>();
  private final List<CompletableFuture<Integer>> reclaims = new ArrayList<>();
  private ExecutorService reclaimThreads;
  private Instant reclaimAt;
  private Instant doneAt;
  private String notice;

  private Storm(
      E2eCluster e2e, CheckpointJobs jobs, int every, Map<String, List<String>> jobsByNode) {
    this.e2e = e2e;
    this.jobs = jobs;
    this.every = every;
    this.jobsByNode = jobsByNode;
    this.instancesBefore = instances().stream().map(Instance::id).collect(Collectors.toSet());
    // A job may have been requeued before the storm (a node whose boot failed is set DOWN).
    jobsByNode.values().stream()
        .flatMap(List::stream)
        .forEach(j -> restartsBefore.put(j, e2e.job(j).orElseThrow().restartCount()));
  }

  /** Submits the twelve jobs and waits until all run on spot nodes, each past its third step. */
  static Storm start(E2eCluster e2e, CheckpointJobs jobs, int steps, int every) {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      ids.add(jobs.submit(1, steps, every, 8, "--exclusive"));
    }
    for (int i = 0; i < 8; i++) {
      ids.add(jobs.submit(1, steps, every, 4, "-c1"));
    }
    // Eight nodes booting at once on a small machine take a while: a longer (bounded) wait.
    await()
        .atMost(Duration.ofSeconds(300))
        .pollInterval(Duration.ofSeconds(1))
        .until(
            () ->
                ids.stream()
                    .allMatch(j -> state(e2e, j).equals("RUNNING") && jobs.log(j).lastStep() >= 3));
    Map<String, List<String>> byNode = new TreeMap<>();
    for (String id : ids) {
      byNode.computeIfAbsent(e2e.job(id).orElseThrow().nodes(), n -> new ArrayList<>()).add(id);
    }
    assertThat(byNode).hasSize(8);
    assertThat(byNode.values().stream().filter(j -> j.size() == 2)).hasSize(4);
    Storm storm = new Storm(e2e, jobs, every, byNode);
    assertThat(storm.instances())
        .hasSize(8)
        .allSatisfy(i -> assertThat(i.offering().capacityType()).isEqualTo(CapacityType.SPOT));
    return storm;
  }

  /**
   * Reclaims two shared and two whole nodes at once, each on its own thread: one shared and one
   * whole with the given notice, the other two with none (their instances are gone on return).
   */
  void reclaimHalf(String notice) {
    this.notice = notice;
    for (int size : new int[] {2, 1}) {
      jobsByNode.entrySet().stream()
          .filter(e -> e.getValue().size() == size)
          .limit(2)
          .forEach(e -> reclaimed.add(e.getKey()));
    }
    // nodes 0 and 2 (one shared, one whole) get the notice, 1 and 3 none
    for (int i = 0; i < reclaimed.size(); i++) {
      (i % 2 == 0 ? withNotice : withoutNotice).add(reclaimed.get(i));
    }
    reclaimThreads = Executors.newFixedThreadPool(reclaimed.size());
    reclaimAt = Instant.now();
    for (String node : reclaimed) {
      String given = withNotice.contains(node) ? notice : "0";
      reclaims.add(CompletableFuture.supplyAsync(() -> jobs.reclaim(node, given), reclaimThreads));
    }
    for (int i = 0; i < reclaims.size(); i++) {
      if (withoutNotice.contains(reclaimed.get(i))) {
        reclaims.get(i).join();
      }
    }
  }

  /** Waits until every job has COMPLETED, watching requeues and instances meanwhile. */
  void awaitEveryJobCompleted() throws Exception {
    List<String> all = jobsByNode.values().stream().flatMap(List::stream).toList();
    await()
        .atMost(DONE)
        .pollInterval(Duration.ofSeconds(1))
        .until(
            () -> {
              instances().forEach(i -> seen.putIfAbsent(i.id(), i));
              for (String job : reclaimedJobs()) {
                if (e2e.job(job).map(SlurmJob::restartCount).orElse(0) > restartsBefore.get(job)) {
                  requeuedAt.putIfAbsent(job, Instant.now());
                }
              }
              return all.stream().allMatch(j -> state(e2e, j).equals("COMPLETED"));
            });
    doneAt = Instant.now();
    try {
      for (CompletableFuture<Integer> r : reclaims) {
        assertThat(r.get(60, TimeUnit.SECONDS)).as("stratus local reclaim exit code").isZero();
      }
    } finally {
      reclaimThreads.shutdownNow();
    }
  }

  List<String> reclaimedNodes() {
    return reclaimed;
  }

  List<String> reclaimedJobs() {
    return reclaimed.stream().flatMap(n -> jobsByNode.get(n).stream()).toList();
  }

  /** The nodes reclaimed with the notice, and the jobs that ran on them. */
  List<String> noticedNodes() {
    return withNotice;
  }

  List<String> noticedJobs() {
    return withNotice.stream().flatMap(n -> jobsByNode.get(n).stream()).toList();
  }

  /** The nodes killed without a notice, and the jobs that ran on them. */
  List<String> unnoticedNodes() {
    return withoutNotice;
  }

  List<String> unnoticedJobs() {
    return withoutNotice.stream().flatMap(n -> jobsByNode.get(n).stream()).toList();
  }

  /** Every job of a reclaimed node (both of a shared one) requeued once; the others never. */
  void assertEveryJobOfAReclaimedNodeRequeuedOnceAndNoOtherJob() {
    assertThat(reclaimedJobs()).hasSize(6);
    jobsByNode.forEach(
        (node, onNode) -> {
          for (String job : onNode) {
            SlurmJob j = e2e.job(job).orElseThrow();
            assertThat(j.state()).isEqualTo("COMPLETED");
            assertThat(jobs.log(job).done()).as("job %s done", job).isTrue();
            assertThat(j.restartCount() - restartsBefore.get(job))
                .as("requeues of job %s on %s during the storm", job, node)
                .isEqualTo(reclaimed.contains(node) ? 1 : 0);
          }
        });
  }

  /**
   * New instances were launched for the requeued jobs (at least one per reclaimed node), and each
   * requeued job resumed on one of them, not on a node that was there before the storm.
   */
  void assertReplacementsLaunched() {
    assertThat(replacements()).hasSizeGreaterThanOrEqualTo(reclaimed.size());
    Set<String> replacementNodes =
        replacements().stream().flatMap(i -> i.nodeName().stream()).collect(Collectors.toSet());
    for (String job : reclaimedJobs()) {
      assertThat(jobs.log(job).resumes())
          .allSatisfy(r -> assertThat(replacementNodes).as("job %s", job).contains(r.host()));
    }
  }

  /** Instances listed after the storm began that were not there before it. */
  List<Instance> replacements() {
    return seen.values().stream().filter(i -> !instancesBefore.contains(i.id())).toList();
  }

  Optional<Instance> instanceOn(String node) {
    return instances().stream()
        .filter(i -> i.nodeName().filter(node::equals).isPresent())
        .findFirst();
  }

  /** Writes this storm's figures to reliability.json under {@code spotStorm.<key>}. */
  void record(String key) {
    int maxLost =
        reclaimedJobs().stream().mapToInt(j -> jobs.log(j).maxStepsLost()).max().orElse(0);
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("notice", notice);
    f.put("reclaimedWithNotice", withNotice.size());
    f.put("reclaimedWithoutNotice", withoutNotice.size());
    f.put("spotNodes", jobsByNode.size());
    f.put("reclaimedAtOnce", reclaimed.size());
    f.put(
        "sharedNodesReclaimed",
        reclaimed.stream().filter(n -> jobsByNode.get(n).size() > 1).count());
    f.put("jobs", jobsByNode.values().stream().mapToInt(List::size).sum());
    f.put("jobsOnReclaimedNodes", reclaimedJobs().size());
    f.put("jobsRequeued", requeuedAt.size());
    f.put(
        "jobsCompleted",
        jobsByNode.values().stream()
            .flatMap(List::stream)
            .filter(j -> state(e2e, j).equals("COMPLETED"))
            .count());
    f.put("checkpointEverySteps", every);
    f.put("maxStepsLost", maxLost);
    f.put("replacementInstances", replacements().size());
    f.put(
        "replacementCapacity",
        replacements().stream()
            .map(i -> i.offering().capacityType().name().toLowerCase(Locale.ROOT))
            .collect(Collectors.groupingBy(c -> c, TreeMap::new, Collectors.counting())));
    f.put("leakedInstances", instances().size());
    f.put("leftNamespaces", e2e.namespaces().size());
    f.put("leftMetadataEndpoints", e2e.metadataProcesses().size());
    f.put(
        "maxReclaimToRequeueMs",
        requeuedAt.values().stream()
            .mapToLong(t -> Duration.between(reclaimAt, t).toMillis())
            .max()
            .orElse(-1));
    f.put("reclaimToAllCompletedS", Duration.between(reclaimAt, doneAt).toSeconds());
    f.put("stormSeconds", Duration.between(started, Instant.now()).toSeconds());
    System.out.println("spot storm " + key + ": " + f);
    Reliability.record("spotStorm", key, f);
  }

  /**
   * The step of the last checkpoint the job's output reports before it ran again (0 for none: it
   * starts over): with no notice nothing is written at the kill, so it must go on from this one.
   */
  static int lastCheckpointBeforeResume(String output) {
    int last = 0;
    int runs = 0;
    for (String line : output.lines().toList()) {
      if (line.startsWith("resume job=") || (line.startsWith("start job=") && ++runs > 1)) {
        return last;
      }
      Matcher m = CHECKPOINT.matcher(line);
      if (m.matches()) {
        last = Integer.parseInt(m.group(1));
      }
    }
    throw new AssertionError("the job never resumed: " + output);
  }

  private List<Instance> instances() {
    return e2e.local().list(e2e.cluster.config().cluster());
  }

  private static String state(E2eCluster e2e, String job) {
    return e2e.job(job).map(SlurmJob::state).orElse("");
  }
}
