package dev.stratus.sandbox.demo;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.Reclaimable;
import dev.stratus.core.slurm.SlurmJob;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * {@code stratus demo --scenario spot}: checkpointing jobs on spot nodes; once they all run, one
 * node is reclaimed with a 20 s notice and one without notice. Every job must complete, losing at
 * most one checkpoint interval of steps.
 */
final class SpotScenario implements DemoScenario {
  static final int JOBS = 4;
  static final int STEPS = 40;
  static final int CHECKPOINT_EVERY = 5;

  private final List<String> jobIds = new ArrayList<>();
  private final List<Thread> reclaims = new ArrayList<>();

  /** Reclaims that ran to their end (the node killed) and those that threw, by node. */
  private final List<String> reclaimedNodes = new CopyOnWriteArrayList<>();

  private final List<String> failedReclaims = new CopyOnWriteArrayList<>();
  private boolean reclaimed;

  @Override
  public int submit(DemoRun.Context ctx) throws IOException {
    jobIds.addAll(submitCheckpointJobs(ctx, JOBS, STEPS, CHECKPOINT_EVERY));
    return JOBS;
  }

  /**
   * Submits {@code jobs} one-node 8-GPU runs of the sample checkpointing job ({@code steps} steps,
   * a checkpoint every {@code every}); their ids. Shared by the scenarios whose jobs must survive
   * losing their node.
   */
  static List<String> submitCheckpointJobs(DemoRun.Context ctx, int jobs, int steps, int every)
      throws IOException {
    return submitCheckpointJobs(ctx, jobs, steps, every, List.of());
  }

  /** As above, with more sbatch options ({@code -p a,b}, {@code --time=5}). */
  static List<String> submitCheckpointJobs(
      DemoRun.Context ctx, int jobs, int steps, int every, List<String> more) throws IOException {
    Path script = ctx.jobsDir().resolve("checkpoint-job.sbatch");
    try (InputStream in = SpotScenario.class.getResourceAsStream("checkpoint-job.sbatch")) {
      Files.write(script, in.readAllBytes());
    }
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < jobs; i++) {
      List<String> args = new ArrayList<>(more);
      args.addAll(
          List.of(
              "--requeue",
              "--open-mode=append",
              "-N1",
              "--gres=gpu:" + ctx.gpuModel() + ":8",
              "--output=" + ctx.jobsDir().resolve("%j.out"),
              // Checkpoints go where the cluster's TaskProlog says (STRATUS_CHECKPOINT_DIR).
              "--export=ALL,STEPS=" + steps + ",CKPT_EVERY=" + every,
              script.toString()));
      String id = ctx.sbatch(args);
      ids.add(id);
      ctx.say("submitted checkpointing job " + id + " (" + steps + " steps)");
    }
    return ids;
  }

  @Override
  public void tick(DemoRun.Context ctx, List<SlurmJob> jobs) {
    if (reclaimed || !allRunning(ctx, jobs)) {
      return;
    }
    reclaimed = true;
    reclaim(ctx, jobs, jobIds.get(0), Duration.ofSeconds(20));
    reclaim(ctx, jobs, jobIds.get(1), Duration.ZERO);
  }

  private boolean allRunning(DemoRun.Context ctx, List<SlurmJob> jobs) {
    for (String id : jobIds) {
      Optional<SlurmJob> job = find(jobs, id);
      if (job.isEmpty() || !job.get().state().equals("RUNNING") || log(ctx, id).lastStep() < 3) {
        return false;
      }
    }
    return true;
  }

  private void reclaim(DemoRun.Context ctx, List<SlurmJob> jobs, String jobId, Duration notice) {
    String node = find(jobs, jobId).orElseThrow().nodes();
    for (NodeProvider provider : ctx.providers()) {
      if (!(provider instanceof Reclaimable reclaimable)) {
        continue;
      }
      for (Instance instance : provider.list(ctx.cluster())) {
        if (instance.nodeName().filter(node::equals).isPresent()) {
          ctx.say(
              "reclaiming "
                  + node
                  + (notice.isZero()
                      ? " without notice"
                      : " with a " + notice.toSeconds() + " s notice")
                  + " (job "
                  + jobId
                  + ")");
          Thread t =
              new Thread(
                  () -> {
                    try {
                      reclaimable.reclaim(instance.id(), notice);
                      reclaimedNodes.add(node);
                    } catch (RuntimeException e) {
                      failedReclaims.add(node);
                      ctx.say("reclaim of " + node + " failed: " + e.getMessage());
                    }
                  },
                  "reclaim-" + node);
          t.start();
          reclaims.add(t);
          return;
        }
      }
    }
  }

  @Override
  public Map<String, Object> summary(DemoRun.Context ctx) {
    for (Thread t : reclaims) {
      try {
        t.join(60_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("reclaims", reclaimedNodes.size());
    out.put("requeues", jobIds.stream().mapToInt(id -> log(ctx, id).resumes().size()).sum());
    out.put("max_steps_lost", maxStepsLost(ctx));
    out.put("checkpoint_interval_steps", CHECKPOINT_EVERY);
    return out;
  }

  @Override
  public boolean success(DemoRun.Context ctx) {
    return reclaimed
        && failedReclaims.isEmpty()
        && reclaimedNodes.size() == reclaims.size()
        && maxStepsLost(ctx) <= CHECKPOINT_EVERY
        && jobIds.stream().allMatch(id -> log(ctx, id).done());
  }

  private int maxStepsLost(DemoRun.Context ctx) {
    return jobIds.stream().mapToInt(id -> log(ctx, id).maxStepsLost()).max().orElse(0);
  }

  private static Optional<SlurmJob> find(List<SlurmJob> jobs, String id) {
    return jobs.stream().filter(j -> Long.toString(j.jobId()).equals(id)).findFirst();
  }

  private static CheckpointLog log(DemoRun.Context ctx, String jobId) {
    Path out = ctx.jobsDir().resolve(jobId + ".out");
    try {
      return CheckpointLog.parse(Files.exists(out) ? Files.readString(out) : "");
    } catch (IOException e) {
      return CheckpointLog.parse("");
    }
  }
}
