package dev.stratus.simulator.cluster;

/**
 * What a replay cost and how it served the jobs. Money in USD; hours are node-hours for capacity
 * and GPU-hours for work lost; queueing delay is first start − submission; the planner's time is
 * time per {@code Planner.plan} call in microseconds: wall (mean, p99, max) and the calling
 * thread's CPU time (mean).
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
    double planMeanMicros,
    double planP99Micros,
    double planMaxMicros,
    double planCpuMeanMicros,
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
        planMeanMicros,
        planP99Micros,
        planMaxMicros,
        planCpuMeanMicros,
        simulatedDays);
  }

  public double costVsOnDemand() {
    return allOnDemandUsd == 0 ? 0 : costUsd / allOnDemandUsd;
  }
}
