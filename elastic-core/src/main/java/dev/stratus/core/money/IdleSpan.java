package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import java.time.Instant;

/**
 * {@code idleGpus} of the GPUs job {@code jobId} holds on {@code node} did no work over {@code
 * [from, to)} ({@link CostLedger#idleRecorded}). Their share of the job's run is {@code waste}:
 * still the job's owner's (the account held those GPUs, and budgets count it), but reported apart.
 * The controller sends a span again as it grows: the same job, node and {@code from} with a later
 * {@code to} extends it.
 */
public record IdleSpan(long jobId, String node, Instant from, Instant to, int idleGpus) {
  public IdleSpan {
    if (jobId <= 0) {
      throw new IllegalArgumentException("jobId must be > 0, got " + jobId);
    }
    notBlank("node", node);
    notNull("from", from);
    notNull("to", to);
    if (to.isBefore(from)) {
      throw new IllegalArgumentException("to " + to + " is before from " + from);
    }
    if (idleGpus <= 0) {
      throw new IllegalArgumentException("idleGpus must be > 0, got " + idleGpus);
    }
  }
}
