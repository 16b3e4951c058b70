package dev.stratus.core.controller;

import dev.stratus.core.slurm.SlurmJob;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The work a deadline job has done, from its checkpoints, carried across its requeues. Each run of
 * the job (one per Slurm restart count) did the work from when it started {@code RUNNING} (Slurm's
 * start time, which it resets when the nodes have booted; the pass's time when Slurm gives none) to
 * its newest checkpoint written after that; work after a run's last checkpoint is lost with the run
 * and does not count. A job's work done is the sum over its runs. The checkpoints come from {@link
 * Checkpoints} (the files under {@code <spot.checkpointDir>/<job id>}, read where the controller
 * sees them, a shared file system); without them, or after a controller restart (the runs are in
 * memory), work done counts from zero, which only makes the policy choose on-demand sooner. Used by
 * the pass only.
 */
final class JobProgress {
  private record Run(Instant begin, Optional<Instant> checkpoint) {
    Duration done() {
      return checkpoint.map(c -> Duration.between(begin, c)).orElse(Duration.ZERO);
    }
  }

  /**
   * A job's runs so far: the work of those before its latest ({@code earlier}, fixed once the job
   * restarted) and its latest run ({@code restart} is Slurm's restart count of it).
   */
  private record Progress(Duration earlier, int restart, Run latest) {
    Duration done() {
      return earlier.plus(latest.done());
    }
  }

  private final Checkpoints checkpoints;
  private Map<Long, Progress> progress = new HashMap<>();

  JobProgress(Checkpoints checkpoints) {
    this.checkpoints = checkpoints;
  }

  /** Observes {@code jobs} (the deadline jobs of a pass); forgets every other job. */
  void observe(Instant now, List<SlurmJob> jobs) {
    Map<Long, Progress> kept = new HashMap<>();
    for (SlurmJob job : jobs) {
      Progress p = progress.get(job.jobId());
      if (job.state().equals("RUNNING") && (p == null || p.restart() < job.restartCount())) {
        Instant began = job.started().filter(t -> !t.isAfter(now)).orElse(now);
        Duration earlier = p == null ? Duration.ZERO : p.done();
        p = new Progress(earlier, job.restartCount(), new Run(began, Optional.empty()));
      }
      if (p != null) {
        Optional<Instant> newest = checkpoints.newest(job.jobId());
        if (newest.isPresent() && newest.get().isAfter(p.latest().begin())) {
          p = new Progress(p.earlier(), p.restart(), new Run(p.latest().begin(), newest));
        }
        kept.put(job.jobId(), p);
      }
    }
    progress = kept;
  }

  /** The job's work done in all its runs so far; zero for a job not observed. */
  Duration done(long jobId) {
    Progress p = progress.get(jobId);
    return p == null ? Duration.ZERO : p.done();
  }
}
