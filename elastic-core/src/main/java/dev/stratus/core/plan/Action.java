package dev.stratus.core.plan;

import static dev.stratus.api.model.Checks.notBlank;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.core.config.GpuHealthSettings.IdleAction;
import dev.stratus.policy.Explanation;
import dev.stratus.wire.HealthAction;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What the planner wants done. Each action carries the reason it exists, so logs and Slurm node
 * reasons say why Stratus acted.
 */
public sealed interface Action {
  String reason();

  /**
   * Launch one instance per node in one offering, all or nothing; on failure try the next
   * candidate. {@code jobId} is 0 when slurmctld named no job. {@code tokenSeed} makes the client
   * token stable across restarts (the same request replayed must not launch twice). A launch that
   * must be retried later leaves request {@code requestId} in the spool.
   */
  record Launch(
      String requestId,
      String pool,
      long jobId,
      List<String> nodes,
      List<Offering> candidates,
      String tokenSeed,
      String reason)
      implements Action {
    public Launch {
      nodes = List.copyOf(nodes);
      candidates = List.copyOf(candidates);
      if (nodes.isEmpty() || candidates.isEmpty()) {
        throw new IllegalArgumentException("a launch needs nodes and at least one offering");
      }
      notBlank("requestId", requestId);
      notBlank("tokenSeed", tokenSeed);
    }
  }

  /** Terminate these instances (grouped by provider by the actuator). */
  record Terminate(List<String> instanceIds, String reason) implements Action {
    /** The reason of the garbage collector's terminations of orphans (counted in metrics). */
    public static final String ORPHAN_REASON = "orphan: no powered-up Slurm node is bound to it";

    public Terminate {
      instanceIds = List.copyOf(instanceIds);
    }

    /** True when these instances are orphans: bound to no node that wants one. */
    public boolean orphans() {
      return reason.equals(ORPHAN_REASON);
    }
  }

  /** {@code scontrol update state=down reason=...}: Slurm requeues the nodes' jobs at once. */
  record SetDown(List<String> nodes, String reason) implements Action {
    public SetDown {
      nodes = List.copyOf(nodes);
    }
  }

  /**
   * Like {@link SetDown}, for powered-up nodes the reconcile pass found without their instance: the
   * instance vanished without a notice (on spot, a reclaim). Slurm requeues their jobs at once.
   * {@code jobs}: the running jobs on each of those nodes that has any (a shared node runs
   * several), for what the loss cost.
   */
  record InstanceGone(List<String> nodes, Map<String, List<Long>> jobs, String reason)
      implements Action {
    public InstanceGone {
      nodes = List.copyOf(nodes);
      Map<String, List<Long>> copy = new LinkedHashMap<>();
      jobs.forEach((node, ids) -> copy.put(node, List.copyOf(ids)));
      jobs = Collections.unmodifiableMap(copy);
    }
  }

  /** {@code state=power_down_force}: requeue and power down now (Slurm then calls suspend). */
  record ForcePowerDown(List<String> nodes, String reason) implements Action {
    public ForcePowerDown {
      nodes = List.copyOf(nodes);
    }
  }

  /** {@code state=resume} on DOWN powered-down nodes: back to {@code idle~}. */
  record ReturnToService(List<String> nodes, String reason) implements Action {
    public ReturnToService {
      nodes = List.copyOf(nodes);
    }
  }

  /**
   * {@code scancel --signal=SIG --batch JOB}: ask the job to checkpoint now; the notice on {@code
   * instanceId} records that it was signalled.
   */
  record SignalJob(long jobId, String signal, String instanceId, String reason) implements Action {}

  /**
   * {@code scontrol update availablefeatures=F activefeatures=F}: what jobs' constraints see on
   * these nodes (see {@link NodeFeatures}).
   */
  record SetFeatures(List<String> nodes, List<String> features, String reason) implements Action {
    public SetFeatures {
      nodes = List.copyOf(nodes);
      features = List.copyOf(features);
    }
  }

  /** {@code state=drain}: no new job lands on these nodes. */
  record Drain(List<String> nodes, String reason) implements Action {
    public Drain {
      nodes = List.copyOf(nodes);
    }
  }

  /**
   * {@code scontrol requeue JOB} for each of {@code jobIds}, the jobs on the noticed instance's
   * node that are due; Slurm holds each for cred_expire + 1 s, then it runs again. The notice on
   * {@code instanceId} counts as requeued (its node may go) only once every job on the node was
   * requeued.
   */
  record Requeue(List<Long> jobIds, String instanceId, String reason) implements Action {
    public Requeue {
      jobIds = List.copyOf(jobIds);
      if (jobIds.isEmpty()) {
        throw new IllegalArgumentException("a requeue needs at least one job");
      }
    }
  }

  /** This offering just lost capacity (a reclaim): skip it for its TTL. */
  record MarkUnavailable(OfferingKey offering, String reason) implements Action {}

  /**
   * A node of this offering registered with less than its pool says: the offering is never tried
   * again while this controller runs (see {@link RegistrationCheck}).
   */
  record OfferingInvalid(OfferingKey offering, String reason) implements Action {}

  /**
   * A GPU fault on {@code node}'s instance that the controller acts on now ({@link
   * GpuHealthPlanner}): counted, booked, remembered for the node; for an action that interrupts
   * jobs ({@link HealthAction#interruptsJobs}) it also starts the notice chain on the instance,
   * with {@code reason} (which names the GPU and the XID) as the drain's.
   */
  record GpuFault(
      String node,
      String instanceId,
      OfferingKey offering,
      HealthAction action,
      String errorClass,
      int xid,
      String reason)
      implements Action {}

  /**
   * The window of the capacity under {@code node} ends at {@code end} ({@link WindowPlanner}): its
   * work is moved by the notice chain, with {@code end} as the deadline.
   */
  record WindowEnding(
      String node, String instanceId, OfferingKey offering, Instant end, String reason)
      implements Action {}

  /**
   * A job whose GPUs stayed idle for its pool's {@code gpuHealth.idle.after} ({@link
   * IdleGpuPolicy}): reported, and signalled, requeued or cancelled as {@code action} says, with
   * {@code reason} in its comment.
   */
  record IdleJob(
      long jobId,
      String pool,
      String partition,
      int gpus,
      Instant idleSince,
      IdleAction action,
      String reason)
      implements Action {}

  /**
   * A cloud node refused itself at its GPU admission check ({@link BootstrapFailures}): the
   * instance's whole life is booked as the offering's faulty spend. The node is set DOWN and the
   * instance terminated by the actions beside it.
   */
  record AdmissionFailed(String node, String instanceId, OfferingKey offering, String reason)
      implements Action {}

  /** Nothing more to do about the node's GPU health: the controller forgets what it held. */
  record HealthDone(String node, String reason) implements Action {}

  /** The notice on this instance is fully acted on. */
  record NoticeDone(String instanceId, String reason) implements Action {}

  /**
   * A failed-bootstrap report about {@code node} from {@code from} that Stratus does not act on
   * (see {@link BootstrapFailures}): logged, nothing else. "Did not act, did not fail" is an
   * outcome of its own so that it is visible.
   */
  record ReportIgnored(String node, String from, String reason) implements Action {}

  /**
   * A job a hard budget (or a spent soft spot-only one) does not admit now: held in Slurm with
   * {@code reason} (the sums) where {@code scontrol show job} shows it; {@code requeue}: the job
   * was already allocated its nodes, so it is put back pending and held ({@code scontrol
   * requeuehold}), else held where it waits ({@code scontrol hold}). Its nodes are powered down by
   * a {@link ForcePowerDown} that follows.
   */
  record HoldJob(long jobId, boolean requeue, String budget, String reason) implements Action {}

  /** A job held for a budget that the budgets now admit: {@code scontrol release}. */
  record ReleaseJob(long jobId, String reason) implements Action {}

  /**
   * A deadline decision for a job (at its resume, or about its run at a pass), shown by {@code
   * stratus status} and logged when it changes; it changes nothing itself. {@code explain} gives
   * the policy's explanation of it on demand: it costs a few decisions, so only the status file's
   * writer asks ({@code DeadlineBoard}), never a replay.
   */
  record DeadlineDecided(DeadlineStatus status, Supplier<Optional<Explanation>> explain)
      implements Action {
    public DeadlineDecided(DeadlineStatus status) {
      this(status, Optional::empty);
    }

    /** The same decision is the same action however it would be explained (a plan compares). */
    @Override
    public boolean equals(Object o) {
      return o instanceof DeadlineDecided d && d.status.equals(status);
    }

    @Override
    public int hashCode() {
      return status.hashCode();
    }

    @Override
    public String reason() {
      return status.reason();
    }
  }

  /**
   * Move a running deadline job to {@code to}: the checkpoint, requeue and release chain of a
   * notice on each of its instances ({@code instanceIds}); the resume that follows launches the
   * capacity the policy chooses then.
   */
  record MoveJob(long jobId, List<String> instanceIds, CapacityType to, String reason)
      implements Action {
    public MoveJob {
      instanceIds = List.copyOf(instanceIds);
      if (instanceIds.isEmpty()) {
        throw new IllegalArgumentException("a move needs the job's instances");
      }
    }
  }

  /** The hook request is fully acted on: delete it from the spool. */
  record Ack(String requestId, String reason) implements Action {}
}
