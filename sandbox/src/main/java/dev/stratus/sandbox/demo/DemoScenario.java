package dev.stratus.sandbox.demo;

import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a demo run submits, what it does while the jobs run, and what it adds to the summary. The
 * run itself (cluster, controller, progress, teardown) is the same for every scenario.
 */
interface DemoScenario {
  /**
   * The controller's config for the prepared cluster (the default: as the cluster wrote it). May
   * edit the cluster's stratus.yaml first, as an operator would.
   */
  default StratusConfig configure(EmbeddedCluster cluster) throws IOException {
    return cluster.config();
  }

  /** Whether the scenario needs Slurm accounting (slurmdbd) even without {@code --accounting}. */
  default boolean needsAccounting() {
    return false;
  }

  /** Submits the jobs; returns how many Slurm jobs (array tasks count one each) they make. */
  int submit(DemoRun.Context ctx) throws Exception;

  /** Called about once a second with Slurm's jobs; may act on the cluster (e.g. reclaim). */
  default void tick(DemoRun.Context ctx, List<SlurmJob> jobs) {}

  /**
   * Asked once the jobs are done and every node is suspended: whether the run may end now (e.g. the
   * controller's books have caught up); the run keeps waiting until it does or times out.
   */
  default boolean settled(DemoRun.Context ctx) {
    return true;
  }

  /** Extra summary fields, in order (numbers or strings). */
  default Map<String, Object> summary(DemoRun.Context ctx) {
    return new LinkedHashMap<>();
  }

  /** Whether the scenario's own goals were met (beyond "every job completed, nothing left"). */
  default boolean success(DemoRun.Context ctx) {
    return true;
  }

  /** The sample GPU jobs: a 1-node 2-GPU job, a 2-node 8-GPU job and a 3-task array. */
  final class Basic implements DemoScenario {
    @Override
    public int submit(DemoRun.Context ctx) throws Exception {
      int submitted = 0;
      for (DemoJobs.Job job : DemoJobs.write(ctx.jobsDir(), ctx.partition(), ctx.gpuModel())) {
        String id = ctx.sbatch(List.of(job.script().toString()));
        submitted += job.count();
        ctx.say("submitted " + job.name() + " as job " + id);
      }
      return submitted;
    }
  }
}
