package dev.stratus.core.controller;

import dev.stratus.core.slurm.SlurmJob;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The work a deadline job has done, from its checkpoints, carried across its requeues. Each run of
 * the job (one per Slurm restart count) did the work from when a pass first saw it {@code RUNNING}
 * (after its nodes booted) to its newest checkpoint written after that; work after a run's last
 * checkpoint is lost with the run and does not count. A job's work done is the sum over its runs.
 * The checkpoints are the files under {@code <spot.checkpointDir>/<job id>} ({@link
 * CheckpointWatch#newest}), read where the controller sees them (a shared file system); without a
 * checkpoint directory, or after a controller restart (the runs are in memory), work done counts
 * from zero, which only makes the policy choose on-demand sooner. Used by the pass only.
 */
final class JobProgress {
  private record Run(Instant begin, Optional<Instant> checkpoint) {
    Duration done() {
      return checkpoint.map(c -> Duration.between(begin, c)).orElse(Duration.ZERO);
    }
  }

  private final Optional<Path> dir;
  private final Map<Long, TreeMap<Integer, Run>> runs = new HashMap<>();

  /** {@code checkpointDir}: spot.checkpointDir; empty: no progress is ever seen. */
  JobProgress(String checkpointDir) {
    this.dir = checkpointDir.isEmpty() ? Optional.empty() : Optional.of(Path.of(checkpointDir));
  }

  /** Observes {@code jobs} (the deadline jobs of a pass); forgets every other job. */
  void observe(Instant now, List<SlurmJob> jobs) {
    Map<Long, TreeMap<Integer, Run>> kept = new HashMap<>();
    for (SlurmJob job : jobs) {
      TreeMap<Integer, Run> of = runs.getOrDefault(job.jobId(), new TreeMap<>());
      if (job.state().equals("RUNNING") && !of.containsKey(job.restartCount())) {
        of.put(job.restartCount(), new Run(now, Optional.empty()));
      }
      if (!of.isEmpty() && dir.isPresent()) {
        var last = of.lastEntry();
        Optional<Instant> newest =
            CheckpointWatch.newest(dir.get(), job.jobId()).map(FileTime::toInstant);
        if (newest.isPresent() && newest.get().isAfter(last.getValue().begin())) {
          of.put(last.getKey(), new Run(last.getValue().begin(), newest));
        }
      }
      kept.put(job.jobId(), of);
    }
    runs.clear();
    runs.putAll(kept);
  }

  /** The job's work done in all its runs so far; zero for a job not observed. */
  Duration done(long jobId) {
    return runs.getOrDefault(jobId, new TreeMap<>()).values().stream()
        .map(Run::done)
        .reduce(Duration.ZERO, Duration::plus);
  }
}
