package dev.stratus.core.spi;

/** What the caller should do about a provider error. */
public enum Recovery {
  /** This offering cannot serve now: mark it unavailable for a while and use the next one. */
  TRY_ANOTHER_OFFERING,
  /** The same call may succeed later: retry with backoff. */
  RETRY_LATER,
  /** Retrying cannot help (bad request, bad credentials): stop and report the message. */
  GIVE_UP
}
