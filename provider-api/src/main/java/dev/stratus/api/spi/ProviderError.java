package dev.stratus.api.spi;

import static dev.stratus.api.model.Checks.notNull;

import java.time.Duration;

/**
 * Every way a provider call can fail, as data. Each provider translates its SDK's exceptions into
 * one of these at its edge, keeping the cloud's own code and message for the operator.
 */
public sealed interface ProviderError {
  /** The cloud's error code (e.g. {@code InsufficientInstanceCapacity}), or our own. */
  String code();

  /** The cloud's message, safe to log and to put into a Slurm node reason. */
  String message();

  Recovery recovery();

  /** One line for logs and Slurm node reasons. */
  default String describe() {
    return code() + ": " + message();
  }

  record InsufficientCapacity(String code, String message) implements ProviderError {
    public InsufficientCapacity {
      notNull("code", code);
      notNull("message", message);
    }

    @Override
    public Recovery recovery() {
      return Recovery.TRY_ANOTHER_OFFERING;
    }
  }

  record QuotaExceeded(String code, String message) implements ProviderError {
    public QuotaExceeded {
      notNull("code", code);
      notNull("message", message);
    }

    @Override
    public Recovery recovery() {
      return Recovery.TRY_ANOTHER_OFFERING;
    }
  }

  /**
   * The cloud asked us to slow down. {@code retryAfter} is how long it said to wait (ARM's and
   * GCE's {@code Retry-After}), zero when it named no time (EC2 never does): {@code ProviderCalls}
   * waits at least that long before it calls again.
   */
  record Throttled(String code, String message, Duration retryAfter) implements ProviderError {
    public Throttled {
      notNull("code", code);
      notNull("message", message);
      notNull("retryAfter", retryAfter);
      if (retryAfter.isNegative()) {
        throw new IllegalArgumentException("retryAfter must not be negative, got " + retryAfter);
      }
    }

    /** Throttled without a time to wait: our own backoff decides. */
    public Throttled(String code, String message) {
      this(code, message, Duration.ZERO);
    }

    @Override
    public Recovery recovery() {
      return Recovery.RETRY_LATER;
    }

    @Override
    public String describe() {
      return retryAfter.isZero()
          ? code + ": " + message
          : code + ": " + message + " (retry after " + retryAfter.toSeconds() + " s)";
    }
  }

  /**
   * The offering cannot launch as configured, whatever the capacity: its instance type is not
   * offered in that zone, or not to this account or subscription, or the combination is refused
   * (EC2 {@code Unsupported}, a GCE machine type that does not exist in the zone, ARM {@code
   * SkuNotAvailable} for a regular VM). Waiting does not help, unlike {@link InsufficientCapacity}:
   * the offering is dropped until the configuration changes.
   */
  /**
   * A launch into a reservation or block outside its window, or into one the cloud no longer holds:
   * not yet active (EC2 {@code InvalidCapacityReservationId.NotActive}/{@code
   * ReservationCapacityExceeded} before the start, GCE {@code RESERVATION_NOT_ACTIVE}), expired,
   * cancelled, or with all its instances in use. Another offering serves the job; this one comes
   * back when the planner next sees the window open with room.
   */
  record ReservationClosed(String code, String message, String reservation)
      implements ProviderError {
    public ReservationClosed {
      notNull("code", code);
      notNull("message", message);
      notNull("reservation", reservation);
    }

    @Override
    public Recovery recovery() {
      return Recovery.TRY_ANOTHER_OFFERING;
    }
  }

  record OfferingUnsupported(String code, String message) implements ProviderError {
    public OfferingUnsupported {
      notNull("code", code);
      notNull("message", message);
    }

    @Override
    public Recovery recovery() {
      return Recovery.DROP_OFFERING;
    }
  }

  record Transient(String code, String message) implements ProviderError {
    public Transient {
      notNull("code", code);
      notNull("message", message);
    }

    @Override
    public Recovery recovery() {
      return Recovery.RETRY_LATER;
    }
  }

  record InvalidRequest(String code, String message) implements ProviderError {
    public InvalidRequest {
      notNull("code", code);
      notNull("message", message);
    }

    @Override
    public Recovery recovery() {
      return Recovery.GIVE_UP;
    }
  }

  record Unauthorized(String code, String message) implements ProviderError {
    public Unauthorized {
      notNull("code", code);
      notNull("message", message);
    }

    @Override
    public Recovery recovery() {
      return Recovery.GIVE_UP;
    }
  }

  /**
   * The instance started but its bootstrap refused to make it a Slurm node: the munge key source
   * refused the node's credential, slurmctld refused its munge key, or its GPUs are not what Slurm
   * was told. {@code code} is the bootstrap step that failed; the message says what was found and
   * goes into the node's Slurm reason as it is, e.g. {@code gpus: found 7 of 8 h100}.
   */
  record BootstrapFailed(String code, String message) implements ProviderError {
    public BootstrapFailed {
      notNull("code", code);
      notNull("message", message);
    }

    /** The step whose failure is the hardware's, not the node's configuration. */
    public static final String GPU_HEALTH = "gpu-health";

    /**
     * A node whose GPUs failed their admission check ({@link #GPU_HEALTH}) says nothing of the next
     * instance: the offering is marked unavailable and the launch tries another, as for a capacity
     * error. Any other step (a wrong munge key, a Gres mismatch) would fail anywhere.
     */
    @Override
    public Recovery recovery() {
      return code.equals(GPU_HEALTH) ? Recovery.TRY_ANOTHER_OFFERING : Recovery.GIVE_UP;
    }
  }
}
