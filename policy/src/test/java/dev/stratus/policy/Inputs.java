package dev.stratus.policy;

import dev.stratus.api.model.CapacityType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** Builds decision inputs on a 10-minute tick for the policy tests. */
final class Inputs {
  static final Instant T0 = Instant.parse("2024-03-01T00:00:00Z");
  static final Duration TICK = Duration.ofMinutes(10);

  private double totalHours = 4;
  private double workLeftHours = 4;
  private double deadlineHours = 6;
  private double changeoverHours = 0.2;
  private int tick;
  private Placement running;
  private final List<LocationView> locations = new ArrayList<>();

  static Inputs job(double totalHours, double deadlineHours) {
    Inputs in = new Inputs();
    in.totalHours = totalHours;
    in.workLeftHours = totalHours;
    in.deadlineHours = deadlineHours;
    return in;
  }

  Inputs left(double hours) {
    workLeftHours = hours;
    return this;
  }

  Inputs at(int tick) {
    this.tick = tick;
    return this;
  }

  Inputs changeover(double hours) {
    changeoverHours = hours;
    return this;
  }

  /** A location with the given availability per tick from T0 (true = spot available). */
  Inputs location(String id, double spot, double onDemand, boolean... availability) {
    var history = AvailabilityHistory.builder();
    for (int i = 0; i < availability.length && i <= tick; i++) {
      history.observe(time(i), availability[i]);
    }
    boolean now = tick < availability.length && availability[tick];
    locations.add(
        new LocationView(
            id,
            spot,
            onDemand,
            now ? Observation.AVAILABLE : Observation.UNAVAILABLE,
            history.snapshot()));
    return this;
  }

  Inputs notice(String id) {
    LocationView l = locations.remove(locations.size() - 1);
    locations.add(
        new LocationView(
            l.location(),
            l.spotPricePerHour(),
            l.onDemandPricePerHour(),
            Observation.RECLAIM_NOTICE,
            l.history()));
    return this;
  }

  Inputs running(String id, CapacityType capacity, int sinceTick) {
    running = new Placement(id, capacity, time(sinceTick));
    return this;
  }

  static Instant time(int tick) {
    return T0.plus(TICK.multipliedBy(tick));
  }

  static boolean[] repeat(boolean value, int ticks) {
    boolean[] a = new boolean[ticks];
    Arrays.fill(a, value);
    return a;
  }

  DecisionInput build() {
    var job =
        new DeadlineJob(
            T0,
            T0.plus(hours(deadlineHours)),
            hours(totalHours),
            hours(workLeftHours),
            hours(changeoverHours));
    return new DecisionInput(time(tick), TICK, job, Optional.ofNullable(running), locations);
  }

  private static Duration hours(double h) {
    return Duration.ofSeconds(Math.round(h * 3600));
  }
}
