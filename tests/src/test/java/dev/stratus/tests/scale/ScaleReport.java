package dev.stratus.tests.scale;

import java.util.Locale;

/**
 * What one harness run measured; {@link #json} is the harness's last line. {@code registeredNodes}:
 * nodes whose slurmd registered (of {@code burstNodes} slurmctld resumed); {@code lostRequests}:
 * nodes slurmctld asked to resume whose slurmd never started, plus spool requests left unhandled at
 * the end; {@code hookMaxMs}: the longest resume hook call, from its "called with" line to its
 * "spooled" one; {@code releaseToSpooledMs}: from the burst's release to its last resume request in
 * the spool.
 */
public record ScaleReport(
    String slurmVersion,
    int nodes,
    int registeredNodes,
    int jobs,
    int squeueRecords,
    double passMedianMs,
    double passP99Ms,
    int passes,
    long peakRssMb,
    int burstNodes,
    int burstJobs,
    int burstJobsRunning,
    double burstSeconds,
    double bootSeconds,
    int hookCalls,
    long hookMaxMs,
    long releaseToSpooledMs,
    int lostRequests,
    int nodesStuckPoweringUp,
    double submitSeconds) {

  String json() {
    return String.format(
        Locale.ROOT,
        "{\"slurm_version\":\"%s\",\"nodes\":%d,\"registered_nodes\":%d,\"jobs\":%d,"
            + "\"squeue_records\":%d,\"pass_median_ms\":%.1f,\"pass_p99_ms\":%.1f,\"passes\":%d,"
            + "\"peak_rss_mb\":%d,\"burst_nodes\":%d,\"burst_jobs\":%d,\"burst_jobs_running\":%d,"
            + "\"burst_seconds\":%.1f,\"boot_seconds\":%.1f,\"hook_calls\":%d,\"hook_max_ms\":%d,"
            + "\"release_to_spooled_ms\":%d,"
            + "\"lost_requests\":%d,\"nodes_stuck_powering_up\":%d,\"submit_seconds\":%.1f}",
        slurmVersion,
        nodes,
        registeredNodes,
        jobs,
        squeueRecords,
        passMedianMs,
        passP99Ms,
        passes,
        peakRssMb,
        burstNodes,
        burstJobs,
        burstJobsRunning,
        burstSeconds,
        bootSeconds,
        hookCalls,
        hookMaxMs,
        releaseToSpooledMs,
        lostRequests,
        nodesStuckPoweringUp,
        submitSeconds);
  }
}
