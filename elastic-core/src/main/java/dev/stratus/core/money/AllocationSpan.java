package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import java.time.Instant;
import java.util.Optional;

/** One run of a job on one node, holding {@code gpus} of its GPUs; {@code end} empty while on. */
public record AllocationSpan(
    long jobId, String node, int gpus, Instant start, Optional<Instant> end) {
  public AllocationSpan {
    if (jobId <= 0) {
      throw new IllegalArgumentException("job id must be > 0, got " + jobId);
    }
    notBlank("node", node);
    notNull("start", start);
    end = end == null ? Optional.empty() : end;
    if (gpus < 0) {
      throw new IllegalArgumentException("gpus must be >= 0, got " + gpus);
    }
  }

  public Instant endOr(Instant now) {
    Instant e = end.orElse(now);
    return e.isBefore(start) ? start : e;
  }
}
