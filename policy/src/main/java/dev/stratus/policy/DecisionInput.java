package dev.stratus.policy;

import dev.stratus.api.model.CapacityType;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

/**
 * Everything a policy may use at one decision instant: the time, how often decisions are taken (the
 * interval the controller's passes, or the simulator's ticks, come at), the job, where it runs now,
 * the offerings it may use, and the capacity with a window: reserved blocks and flex-start offers
 * (none unless given).
 *
 * <p>A running placement of capacity {@code RESERVED} or {@code FLEX} whose location names one of
 * {@code blocks} or {@code flex} runs on that window; any other non-spot placement counts as
 * on-demand, as it did before windows were known.
 */
public record DecisionInput(
    Instant now,
    Duration interval,
    DeadlineJob job,
    Optional<Placement> running,
    List<LocationView> locations,
    List<BlockView> blocks,
    List<FlexView> flex) {
  public DecisionInput {
    if (now == null || interval == null || job == null || running == null) {
      throw new IllegalArgumentException("now, interval, job and running must be set");
    }
    if (interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("interval must be > 0, got " + interval);
    }
    locations = List.copyOf(locations);
    blocks = List.copyOf(blocks);
    flex = List.copyOf(flex);
    if (locations.isEmpty()) {
      throw new IllegalArgumentException("at least one location is needed");
    }
    var ids = new HashSet<String>();
    for (LocationView l : locations) {
      if (!ids.add(l.location())) {
        throw new IllegalArgumentException("location " + l.location() + " appears twice");
      }
    }
    for (BlockView b : blocks) {
      if (!ids.add(b.id())) {
        throw new IllegalArgumentException("block " + b.id() + " reuses a name already given");
      }
    }
    for (FlexView f : flex) {
      if (!ids.add(f.id())) {
        throw new IllegalArgumentException("flex offer " + f.id() + " reuses a name already given");
      }
    }
    if (flex.stream().filter(f -> f.requestedAt().isPresent()).count() > 1) {
      throw new IllegalArgumentException("a job has at most one pending flex request");
    }
    running.ifPresent(
        p -> {
          if (!ids.contains(p.location())) {
            throw new IllegalArgumentException(
                "the job runs at " + p.location() + ", which is not among the locations");
          }
        });
  }

  /** Without blocks or flex offers: the input as it was before windowed capacity. */
  public DecisionInput(
      Instant now,
      Duration interval,
      DeadlineJob job,
      Optional<Placement> running,
      List<LocationView> locations) {
    this(now, interval, job, running, locations, List.of(), List.of());
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

  /** The on-demand instance the job has now (any non-spot one not on a known window). */
  public Optional<Placement> onDemand() {
    return running.filter(p -> !p.onSpot() && runningBlock().isEmpty() && runningFlex().isEmpty());
  }

  /** The block the job runs on now, if any. */
  public Optional<BlockView> runningBlock() {
    return running
        .filter(p -> p.capacity() == CapacityType.RESERVED)
        .flatMap(p -> blocks.stream().filter(b -> b.id().equals(p.location())).findFirst());
  }

  /** The flex offer whose granted instance the job runs on now, if any. */
  public Optional<FlexView> runningFlex() {
    return running
        .filter(p -> p.capacity() == CapacityType.FLEX)
        .flatMap(p -> flex.stream().filter(f -> f.id().equals(p.location())).findFirst());
  }

  /** The flex offer the job has a pending request at, if any. */
  public Optional<FlexView> pendingFlex() {
    return flex.stream().filter(f -> f.requestedAt().isPresent()).findFirst();
  }
}
