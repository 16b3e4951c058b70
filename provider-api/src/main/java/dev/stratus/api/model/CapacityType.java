package dev.stratus.api.model;

/**
 * How a cloud sells the capacity:
 *
 * <ul>
 *   <li>{@code ON_DEMAND}: kept until we release it, billed per second;
 *   <li>{@code SPOT}: reclaimable at any time, discounted;
 *   <li>{@code RESERVED}: a named reservation or block with a window ({@link CapacityReservation}):
 *       paid for whether used or not (a prepaid block) or per hour while it lasts, launchable only
 *       while the window is open, and ended by the cloud at its end;
 *   <li>{@code FLEX}: queued, discounted capacity that runs at most {@link
 *       CapacityTerms.Flex#maxRun} once granted (GCE's DWS flex-start).
 * </ul>
 */
public enum CapacityType {
  ON_DEMAND,
  SPOT,
  RESERVED,
  FLEX;

  /**
   * The Slurm node feature a node of this capacity advertises: {@code on-demand}, {@code spot},
   * {@code reserved}, {@code flex}; also the {@code capacity:} value in stratus.yaml.
   */
  public String feature() {
    return switch (this) {
      case ON_DEMAND -> "on-demand";
      case SPOT -> "spot";
      case RESERVED -> "reserved";
      case FLEX -> "flex";
    };
  }

  /** Capacity whose end is known in advance, so a job must fit before it. */
  public boolean windowed() {
    return this == RESERVED || this == FLEX;
  }
}
