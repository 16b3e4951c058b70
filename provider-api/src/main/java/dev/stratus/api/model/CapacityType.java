package dev.stratus.api.model;

/** How a cloud sells the capacity: on-demand (kept until we release it) or spot (reclaimable). */
public enum CapacityType {
  ON_DEMAND,
  SPOT;

  /** The Slurm node feature a node of this capacity advertises: {@code on-demand}, {@code spot}. */
  public String feature() {
    return this == SPOT ? "spot" : "on-demand";
  }
}
