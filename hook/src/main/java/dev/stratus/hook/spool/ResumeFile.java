package dev.stratus.hook.spool;

import java.util.List;

/**
 * The content of {@code SLURM_RESUME_FILE}: which nodes slurmctld powers up for which job. Slurm
 * 22.05 spells the fields {@code nodes}/{@code all_nodes}; 23.02+ {@code nodes_resume}/{@code
 * all_nodes_resume}. Hostlists are kept as Slurm wrote them.
 */
public record ResumeFile(List<JobNodes> jobs, String allNodes) {
  public ResumeFile {
    jobs = List.copyOf(jobs);
    allNodes = allNodes == null ? "" : allNodes;
  }

  public record JobNodes(long jobId, String nodes) {
    public JobNodes {
      if (jobId <= 0) {
        throw new IllegalArgumentException("job_id must be > 0, got " + jobId);
      }
      if (nodes == null || nodes.isBlank()) {
        throw new IllegalArgumentException("nodes of job " + jobId + " must not be blank");
      }
    }
  }
}
