package dev.stratus.sandbox.demo;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.provider.local.FakeGpuState;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * {@code stratus demo --scenario gpu-health}: the pool checks GPU health (level 1). The first node
 * is given an uncorrectable ECC error before it boots, so its admission check fails and it is
 * replaced before any job runs there; once the checkpointing jobs run, an XID 79 is injected under
 * one of them, which is requeued and resumes from its checkpoint on a new node; and one job's GPUs
 * are made idle, which the idle-GPU policy flags. Every job must complete, no job may run on a node
 * that failed its check, and no healthy node may be drained.
 */
final class GpuHealthScenario implements DemoScenario {
  static final int JOBS = 3;
  static final int STEPS = 25;
  static final int CHECKPOINT_EVERY = 5;
  static final String GPU_HEALTH =
      "    gpuHealth: {level: 1, timeout: 20s, watchInterval: 2s, strikes: 3, grace: 20s,"
          + " idle: {below: 5, after: 15s, action: report}}\n";

  private final List<String> checkpointJobs = new ArrayList<>();
  private String idleJob = "";
  private String faultyAtBoot = "";
  private String xidNode = "";
  private String idleNode = "";
  private int faultsInjected;
  private final Instant started = Instant.now();
  private final Set<String> drainedForGpus = new ConcurrentSkipListSet<>();
  private final Set<String> idleFlagged = new ConcurrentSkipListSet<>();
  private final Set<Long> jobsOnFailedNodes = new ConcurrentSkipListSet<>();

  @Override
  public StratusConfig configure(EmbeddedCluster cluster) throws IOException {
    Path yaml = cluster.configFile();
    String text = Files.readString(yaml);
    int at = text.indexOf("    offerings:\n");
    if (at < 0) {
      throw new IllegalStateException(yaml + " has no pool offerings: to put gpuHealth before");
    }
    Files.writeString(yaml, text.substring(0, at) + GPU_HEALTH + text.substring(at));
    return ConfigLoader.load(yaml);
  }

  @Override
  public int submit(DemoRun.Context ctx) throws IOException {
    // Slurm gives the first job the pool's first node: its first instance's GPUs are bad.
    faultyAtBoot = ctx.partition() + "-001";
    inject(
        ctx, faultyAtBoot, new FakeGpuState.Fault(FakeGpuState.Fault.Kind.ECC_UNCORRECTABLE, 0, 0));
    ctx.say(
        faultyAtBoot + "'s next instance has an uncorrectable ECC error: it must fail admission");
    checkpointJobs.addAll(SpotScenario.submitCheckpointJobs(ctx, JOBS, STEPS, CHECKPOINT_EVERY));
    idleJob =
        ctx.sbatch(
            List.of(
                "-N1",
                "--gres=gpu:" + ctx.gpuModel() + ":8",
                "--output=" + ctx.jobsDir().resolve("%j.out"),
                "--wrap",
                "srun hostname; sleep 35"));
    ctx.say("submitted job " + idleJob + ", which will hold its GPUs and not use them");
    return JOBS + 1;
  }

  @Override
  public void tick(DemoRun.Context ctx, List<SlurmJob> jobs) {
    watchNodes(ctx.nodes().get());
    for (SlurmJob j : jobs) {
      if (j.state().equals("RUNNING")
          && j.nodes().equals(faultyAtBoot)
          && !state(ctx, faultyAtBoot).eccUncorrectable().isEmpty()
          && jobsOnFailedNodes.add(j.jobId())) {
        ctx.say("job " + j.jobId() + " runs on " + faultyAtBoot + " with its bad GPUs");
      }
      if (Long.toString(j.jobId()).equals(idleJob)
          && j.accounting().adminComment().startsWith("stratus: idle GPUs")
          && idleFlagged.add(idleJob)) {
        ctx.say("flagged: " + j.accounting().adminComment());
      }
    }
    try {
      if (idleNode.isEmpty()) {
        Optional<SlurmJob> idle = running(jobs, idleJob);
        if (idle.isPresent()) {
          idleNode = idle.get().nodes();
          ctx.say(idleNode + "'s GPUs go idle under job " + idleJob);
          inject(ctx, idleNode, new FakeGpuState.Fault(FakeGpuState.Fault.Kind.IDLE, 0, 0));
        }
      }
      if (xidNode.isEmpty() && allRunning(ctx, jobs)) {
        xidNode = running(jobs, checkpointJobs.get(0)).orElseThrow().nodes();
        ctx.say("XID 79 on " + xidNode + " GPU 3, under job " + checkpointJobs.get(0));
        inject(ctx, xidNode, new FakeGpuState.Fault(FakeGpuState.Fault.Kind.XID, 3, 79));
        faultsInjected++;
      }
    } catch (IOException e) {
      ctx.say("injecting a GPU fault failed: " + e.getMessage());
    }
  }

  /** Every node Slurm shows drained for a GPU fault (the reason Stratus gave it). */
  private void watchNodes(List<SlurmNode> nodes) {
    for (SlurmNode n : nodes) {
      if (n.reason().contains("gpu fault")) {
        drainedForGpus.add(n.name());
      }
    }
  }

  private boolean allRunning(DemoRun.Context ctx, List<SlurmJob> jobs) {
    for (String id : checkpointJobs) {
      if (running(jobs, id).isEmpty() || log(ctx, id).lastStep() < 3) {
        return false;
      }
    }
    return true;
  }

  private static Optional<SlurmJob> running(List<SlurmJob> jobs, String id) {
    return jobs.stream()
        .filter(j -> Long.toString(j.jobId()).equals(id) && j.state().equals("RUNNING"))
        .findFirst();
  }

  private static void inject(DemoRun.Context ctx, String node, FakeGpuState.Fault fault)
      throws IOException {
    int gpus = ctx.config().pools().get(0).gpusPerNode();
    try {
      FakeGpuState.inject(stateDir(ctx), node, gpus, fault);
    } catch (RuntimeException e) {
      throw new IOException(e.getMessage(), e);
    }
  }

  /** The books have caught up with the run: every instance closed in the ledger. */
  @Override
  public boolean settled(DemoRun.Context ctx) {
    try {
      return DemoBooks.read(ctx, started, Instant.now()).settled();
    } catch (RuntimeException e) {
      return false; // the ledger is being written: look again next time
    }
  }

  @Override
  public Map<String, Object> summary(DemoRun.Context ctx) {
    MeterRegistry metrics = ctx.metrics().get();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put(
        "nodes_failed_admission", (long) count(metrics, "stratus.gpu.checks", "result", "fail"));
    out.put("jobs_on_failed_nodes", jobsOnFailedNodes(ctx));
    out.put("faults_injected", faultsInjected);
    out.put("jobs_requeued_after_fault", requeuedAfterFault(ctx));
    out.put("max_steps_lost", maxStepsLost(ctx));
    out.put("checkpoint_interval_steps", CHECKPOINT_EVERY);
    out.put("healthy_nodes_drained", healthyDrained().size());
    out.put("idle_jobs_flagged", idleFlagged.size());
    DemoBooks books = DemoBooks.read(ctx, started, Instant.now());
    out.put("faulty_usd", books.faulty().setScale(4, RoundingMode.HALF_UP));
    out.put("waste_usd", books.waste().setScale(4, RoundingMode.HALF_UP));
    return out;
  }

  @Override
  public boolean success(DemoRun.Context ctx) {
    return count(ctx.metrics().get(), "stratus.gpu.checks", "result", "fail") >= 1
        && jobsOnFailedNodes(ctx) == 0
        && faultsInjected == 1
        && requeuedAfterFault(ctx) >= 1
        && maxStepsLost(ctx) <= CHECKPOINT_EVERY
        && healthyDrained().isEmpty()
        && idleFlagged.contains(idleJob)
        && checkpointJobs.stream().allMatch(id -> log(ctx, id).done());
  }

  /** Nodes drained for a GPU fault that had none: any but the one given the XID. */
  private List<String> healthyDrained() {
    return drainedForGpus.stream().filter(n -> !n.equals(xidNode)).toList();
  }

  /**
   * Jobs seen running on the node whose first instance was given bad GPUs while that instance's
   * fault still stood (the fault leaves with the instance: the local provider forgets it when it
   * tears the instance down, so the node's next instance is healthy).
   */
  private int jobsOnFailedNodes(DemoRun.Context ctx) {
    return jobsOnFailedNodes.size();
  }

  private static FakeGpuState state(DemoRun.Context ctx, String node) {
    return FakeGpuState.read(FakeGpuState.file(stateDir(ctx), node));
  }

  private static Path stateDir(DemoRun.Context ctx) {
    return ctx.config().stateDir().resolve("providers").resolve("local");
  }

  private int requeuedAfterFault(DemoRun.Context ctx) {
    return checkpointJobs.isEmpty() ? 0 : log(ctx, checkpointJobs.get(0)).resumes().size();
  }

  private int maxStepsLost(DemoRun.Context ctx) {
    return checkpointJobs.stream().mapToInt(id -> log(ctx, id).maxStepsLost()).max().orElse(0);
  }

  private static double count(MeterRegistry metrics, String name, String tag, String value) {
    return metrics.find(name).tag(tag, value).counters().stream().mapToDouble(Counter::count).sum();
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
