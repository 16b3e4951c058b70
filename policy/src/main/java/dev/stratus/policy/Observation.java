package dev.stratus.policy;

/** What the controller last saw of an offering's spot capacity. */
public enum Observation {
  /** A launch succeeded or an instance there is running. */
  AVAILABLE,
  /** A launch failed for lack of capacity, or an instance there was reclaimed. */
  UNAVAILABLE,
  /** The instance there has a reclaim notice: it is going away, so plan as if it were gone. */
  RECLAIM_NOTICE,
  /** Nothing seen lately (never probed, or the probe did not run). */
  UNKNOWN;

  /** Whether spot may be launched (or kept) there now. */
  public boolean spotUsable() {
    return this == AVAILABLE;
  }
}
