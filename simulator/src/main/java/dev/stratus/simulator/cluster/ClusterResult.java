package dev.stratus.simulator.cluster;

/**
 * What a replay cost and how it served the jobs. Money in USD; hours are node-hours for capacity
 * and GPU-hours for work lost (what requeues after reclaims, and the controller's moves, threw away
 * since the last checkpoint); queueing delay is first start − submission; the pass time is the
 * controller's whole reconcile pass (observe, plan, act on the simulated Slurm and clouds) in
 * microseconds: wall (mean, p99, max) and the calling thread's CPU time (mean).
 */
public record ClusterResult(
    int jobs,
    int finished,
    int skipped,
    double costUsd,
    double allOnDemandUsd,
    double spotNodeHours,
    double onDemandNodeHours,
    int deadlineJobs,
    int deadlineMisses,
    int reclaims,
    double gpuHoursLostToReclaims,
    int budgetHolds,
    double meanQueueHours,
    double p95QueueHours,
    long passes,
    double passMeanMicros,
    double passP99Micros,
    double passMaxMicros,
    double passCpuMeanMicros,
    double simulatedDays) {
  /** The same result, naming how many lines of the stream were left out. */
  public ClusterResult withSkipped(int lines) {
    return new ClusterResult(
        jobs,
        finished,
        lines,
        costUsd,
        allOnDemandUsd,
        spotNodeHours,
        onDemandNodeHours,
        deadlineJobs,
        deadlineMisses,
        reclaims,
        gpuHoursLostToReclaims,
        budgetHolds,
        meanQueueHours,
        p95QueueHours,
        passes,
        passMeanMicros,
        passP99Micros,
        passMaxMicros,
        passCpuMeanMicros,
        simulatedDays);
  }

  public double costVsOnDemand() {
    return allOnDemandUsd == 0 ? 0 : costUsd / allOnDemandUsd;
  }
}
