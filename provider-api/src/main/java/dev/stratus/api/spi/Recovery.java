package dev.stratus.api.spi;

/** What the caller should do about a provider error. */
public enum Recovery {
  /** This offering cannot serve now: mark it unavailable for a while and use the next one. */
  TRY_ANOTHER_OFFERING,
  /**
   * This offering cannot work as configured (not a matter of capacity or time): use the next one,
   * and skip this one from now on without probing it again; the operator fixes the configuration.
   */
  DROP_OFFERING,
  /** The same call may succeed later: retry with backoff. */
  RETRY_LATER,
  /** Retrying cannot help (bad request, bad credentials): stop and report the message. */
  GIVE_UP
}
