package dev.stratus.core.controller;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * Where the controller learns when a job last checkpointed, for the deadline policy's view of its
 * progress ({@link JobProgress}). The controller reads the job's checkpoint files ({@link
 * #inDirectory}); a replay answers from its simulated jobs.
 */
@FunctionalInterface
public interface Checkpoints {
  /** Nothing is ever known to be checkpointed. */
  Checkpoints NONE = jobId -> Optional.empty();

  /** When the job's newest finished checkpoint was written; empty when it has none. */
  Optional<Instant> newest(long jobId);

  /**
   * The files under {@code <dir>/<job id>/} (their newest modification time); {@link #NONE} for an
   * empty {@code dir} (spot.checkpointDir unset).
   */
  static Checkpoints inDirectory(String dir) {
    if (dir.isEmpty()) {
      return NONE;
    }
    Path root = Path.of(dir);
    return jobId -> CheckpointWatch.newest(root, jobId).map(t -> t.toInstant());
  }
}
