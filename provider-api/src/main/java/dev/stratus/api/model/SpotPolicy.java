package dev.stratus.api.model;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * How a pool chooses between its spot and on-demand offerings, and so where a job goes after a
 * reclaim (the reclaimed offering is skipped for its unavailable TTL either way, so a replacement
 * comes from another zone, type or cloud first). Reserved capacity (a block or reservation whose
 * window is open and that the job fits in) comes first under every policy: it is paid for whether
 * used or not, so its marginal cost is zero. Flex-start counts as on-demand that may be queued.
 *
 * <ul>
 *   <li>{@code spot-preferred} (default): spot offerings first, cheapest first across zones and
 *       clouds; on-demand only once no spot offering is available;
 *   <li>{@code spot-only}: never on-demand (a job waits, or its nodes go DOWN with the reason, when
 *       no spot offering has capacity);
 *   <li>{@code on-demand-only}: never spot;
 *   <li>{@code on-demand-after-reclaim}: like {@code spot-preferred} for a job's first run; a job
 *       that Slurm has requeued (a reclaim, a node failure) runs on on-demand, so its progress is
 *       not put at risk twice.
 * </ul>
 */
public enum SpotPolicy {
  SPOT_PREFERRED,
  SPOT_ONLY,
  ON_DEMAND_ONLY,
  ON_DEMAND_AFTER_RECLAIM;

  /** The name used in stratus.yaml, e.g. {@code spot-preferred}. */
  public String configName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Parses a config name; the error lists the valid ones. */
  public static SpotPolicy parse(String text) {
    return Arrays.stream(values())
        .filter(p -> p.configName().equals(text))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown spot policy '"
                        + text
                        + "' (use one of "
                        + String.join(
                            ", ", Arrays.stream(values()).map(SpotPolicy::configName).toList())
                        + ")"));
  }

  /**
   * The offerings a launch may use, in the order to try them: {@code usable} without what this
   * policy rules out, reserved first, then spot, flex and on-demand, each cheapest first; ties keep
   * their order. {@code restarts}: how often Slurm has requeued the job (0 for a first run, or no
   * job). Whether a windowed offering fits the job is the caller's check ({@link
   * CapacityTerms#fits}), made before this.
   */
  public List<Offering> order(List<Offering> usable, int restarts) {
    return usable.stream()
        .filter(o -> allows(o.capacityType(), restarts))
        .sorted(
            Comparator.comparing((Offering o) -> rank(o.capacityType()))
                .thenComparing(Offering::pricePerHour))
        .toList();
  }

  private static int rank(CapacityType type) {
    return switch (type) {
      case RESERVED -> 0;
      case SPOT -> 1;
      case FLEX -> 2;
      case ON_DEMAND -> 3;
    };
  }

  private boolean allows(CapacityType type, int restarts) {
    if (type == CapacityType.RESERVED) {
      return true;
    }
    return switch (this) {
      case SPOT_PREFERRED -> true;
      case SPOT_ONLY -> type == CapacityType.SPOT;
      case ON_DEMAND_ONLY -> type != CapacityType.SPOT;
      case ON_DEMAND_AFTER_RECLAIM -> restarts == 0 || type != CapacityType.SPOT;
    };
  }
}
