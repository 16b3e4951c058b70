package dev.stratus.core.model;

/** How a cloud sells the capacity: on-demand (kept until we release it) or spot (reclaimable). */
public enum CapacityType {
  ON_DEMAND,
  SPOT
}
