package dev.stratus.core.slurm;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What Stratus reads from and does to slurmctld. The real one runs Slurm's commands with the
 * cluster's SLURM_CONF; tests use an in-memory one. Failures throw {@link SlurmCommandException}
 * naming the command and Slurm's message.
 */
public interface SlurmClient {
  /** Every node, powered-down CLOUD nodes included (needs {@code PrivateData=cloud}). */
  List<SlurmNode> nodes();

  /** Every job slurmctld still knows (pending, running, and recently finished). */
  List<SlurmJob> jobs();

  /** {@code scontrol update nodename=... state=down reason=...}: Slurm requeues their jobs now. */
  void setDown(Collection<String> nodes, String reason);

  /**
   * {@code state=resume}: a DOWN powered-down node goes back to {@code idle~}, ready for the next
   * resume.
   */
  void resume(Collection<String> nodes);

  /** {@code state=power_down_force}: requeue the jobs, power down now. */
  void powerDownForce(Collection<String> nodes, String reason);

  /** {@code state=drain}: no new jobs on these nodes. */
  void drain(Collection<String> nodes, String reason);

  /** {@code scontrol requeue JOBID}. */
  void requeue(long jobId);

  /** {@code scancel --signal=SIG --batch JOBID}: signal only the batch step. */
  void signalBatch(long jobId, String signal);

  /**
   * {@code scontrol update nodename=... availablefeatures=F activefeatures=F}: the features jobs'
   * constraints see. Measured on 22.05: accepted for CLOUD nodes powered down, powering up and up;
   * kept across registration and across power down (Slurm does not reset them).
   */
  void setFeatures(Collection<String> nodes, Collection<String> features);

  /**
   * Whether {@link #nodes()} and {@link #jobs()} may run at the same time, on two threads (true for
   * Slurm's commands; false, the default, for in-memory Slurms that a replay must call in order).
   */
  default boolean readsInParallel() {
    return false;
  }

  /** {@code scontrol reconfigure}. */
  void reconfigure();

  /**
   * {@code scontrol show topology NAME} (Slurm 25.05+): each node's leaf switch or block in the
   * topology.yaml topology {@code name} as slurmctld holds it now ({@link TopologyLeaves}).
   */
  Map<String, String> topologyLeaves(String name);

  /**
   * {@code scontrol update nodename=... topology=NAME:SWITCH:...:LEAF} (Slurm 25.05+): moves the
   * nodes without a reconfigure; missing switches below the first are made. Measured on 26.05.5:
   * kept across registration, undone when the node powers down (back to where topology.yaml put
   * it).
   */
  void setTopology(Collection<String> nodes, String topology, List<String> switchPath);
}
