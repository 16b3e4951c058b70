package dev.stratus.core.spi;

import static dev.stratus.core.model.Checks.notNull;

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

  record Throttled(String code, String message) implements ProviderError {
    public Throttled {
      notNull("code", code);
      notNull("message", message);
    }

    @Override
    public Recovery recovery() {
      return Recovery.RETRY_LATER;
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

    @Override
    public Recovery recovery() {
      return Recovery.GIVE_UP;
    }
  }
}
