package dev.stratus.policy;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

/**
 * Everything a policy may use at one decision instant: the time, how often decisions are taken (the
 * interval the controller's passes, or the simulator's ticks, come at), the job, where it runs now,
 * and the offerings it may use.
 */
public record DecisionInput(
    Instant now,
    Duration interval,
    DeadlineJob job,
    Optional<Placement> running,
    List<LocationView> locations) {
  public DecisionInput {
    if (now == null || interval == null || job == null || running == null) {
      throw new IllegalArgumentException("now, interval, job and running must be set");
    }
    if (interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("interval must be > 0, got " + interval);
    }
    locations = List.copyOf(locations);
    if (locations.isEmpty()) {
      throw new IllegalArgumentException("at least one location is needed");
    }
    var ids = new HashSet<String>();
    for (LocationView l : locations) {
      if (!ids.add(l.location())) {
        throw new IllegalArgumentException("location " + l.location() + " appears twice");
      }
    }
    running.ifPresent(
        p -> {
          if (!ids.contains(p.location())) {
            throw new IllegalArgumentException(
                "the job runs at " + p.location() + ", which is not among the locations");
          }
        });
  }

  public LocationView location(String id) {
    return locations.stream()
        .filter(l -> l.location().equals(id))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown location " + id));
  }

  public LocationView cheapestOnDemand() {
    return locations.stream()
        .min(Comparator.comparingDouble(LocationView::onDemandPricePerHour))
        .orElseThrow();
  }

  public Optional<LocationView> cheapestUsableSpot() {
    return locations.stream()
        .filter(LocationView::spotUsable)
        .min(Comparator.comparingDouble(LocationView::spotPricePerHour));
  }

  /** The spot instance the job has now, if it is still usable (no reclaim, no failure). */
  public Optional<Placement> usableSpot() {
    return running.filter(p -> p.onSpot() && location(p.location()).spotUsable());
  }

  public Optional<Placement> onDemand() {
    return running.filter(p -> !p.onSpot());
  }
}
