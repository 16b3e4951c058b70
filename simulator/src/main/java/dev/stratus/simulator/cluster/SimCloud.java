package dev.stratus.simulator.cluster;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import dev.stratus.core.controller.UnavailableOfferings;
import dev.stratus.core.money.BillingRule;
import dev.stratus.policy.SpotHistory;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The simulated providers: a launch of N nodes in a spot offering succeeds, all or nothing, iff the
 * offering's trace count leaves room for N more of our instances there; on-demand always succeeds.
 * What the controller would learn goes where the controller keeps it: a failed spot try marks the
 * offering unavailable ({@link UnavailableOfferings}, with its TTL and probing), and every outcome
 * and reclaim is recorded in the {@link SpotHistory}. Instances are billed as their cloud bills
 * ({@link BillingRule}) from launch to termination.
 */
final class SimCloud {
  private final SpotCapacity capacity;
  private final UnavailableOfferings unavailable;
  private final SpotHistory history;
  private final Map<String, Instance> alive = new LinkedHashMap<>();
  private final Map<String, BigDecimal> price = new HashMap<>();
  private final Map<OfferingKey, Integer> held = new HashMap<>();
  private long nextId = 1;
  private BigDecimal cost = BigDecimal.ZERO;
  private double spotNodeHours;
  private double onDemandNodeHours;

  SimCloud(SpotCapacity capacity, UnavailableOfferings unavailable, SpotHistory history) {
    this.capacity = capacity;
    this.unavailable = unavailable;
    this.history = history;
  }

  /** The first candidate with room for every node, launched; empty when none had room. */
  Optional<List<Instance>> launch(
      List<Offering> candidates, List<String> nodes, String pool, long job, Instant now) {
    for (Offering o : candidates) {
      boolean spot = o.capacityType() == CapacityType.SPOT;
      int room = capacity.count(o.key(), now) - held.getOrDefault(o.key(), 0);
      if (spot && room < nodes.size()) {
        unavailable.markUnavailable(o.key());
        history.observe(o.key(), now, false);
        continue;
      }
      unavailable.markAvailable(o.key());
      history.observe(o.key(), now, true);
      List<Instance> out = new ArrayList<>();
      for (String node : nodes) {
        String id = "sim-" + nextId++;
        Instance i =
            new Instance(
                id,
                o.key(),
                InstanceState.RUNNING,
                now,
                "",
                Map.of(Tags.NODE, node, Tags.POOL, pool, Tags.JOB, Long.toString(job)));
        alive.put(id, i);
        price.put(id, o.pricePerHour());
        held.merge(o.key(), 1, Integer::sum);
        out.add(i);
      }
      return Optional.of(out);
    }
    return Optional.empty();
  }

  void terminate(String id, Instant now) {
    Instance i = alive.remove(id);
    if (i == null) {
      return;
    }
    held.merge(i.offering(), -1, Integer::sum);
    Duration ran = Duration.between(i.launchedAt(), now);
    cost = cost.add(BillingRule.forProvider(i.provider()).cost(price.remove(id), ran));
    double hours = ran.toMillis() / 3_600_000.0;
    if (i.offering().capacityType() == CapacityType.SPOT) {
      spotNodeHours += hours;
    } else {
      onDemandNodeHours += hours;
    }
  }

  /**
   * Spot instances the clouds take back at {@code now}: in each offering, the newest beyond the
   * trace's count. The caller terminates them; the offering is marked and recorded unavailable.
   */
  List<Instance> reclaims(Instant now) {
    List<Instance> out = new ArrayList<>();
    for (var e : held.entrySet()) {
      int excess = e.getValue() - capacity.count(e.getKey(), now);
      if (excess <= 0) {
        continue;
      }
      alive.values().stream()
          .filter(i -> i.offering().equals(e.getKey()))
          .sorted(Comparator.comparing(Instance::launchedAt).reversed())
          .limit(excess)
          .forEach(out::add);
      unavailable.markUnavailable(e.getKey());
      history.observe(e.getKey(), now, false);
    }
    return out;
  }

  boolean anySpotAlive() {
    for (var e : held.entrySet()) {
      if (e.getValue() > 0 && e.getKey().capacityType() == CapacityType.SPOT) {
        return true;
      }
    }
    return false;
  }

  /** Whether any instance is alive: asked at every event, so without copying {@link #alive}. */
  boolean anyAlive() {
    return !alive.isEmpty();
  }

  List<Instance> alive() {
    return List.copyOf(alive.values());
  }

  BigDecimal priceOf(String id) {
    return price.get(id);
  }

  BigDecimal cost() {
    return cost;
  }

  double spotNodeHours() {
    return spotNodeHours;
  }

  double onDemandNodeHours() {
    return onDemandNodeHours;
  }
}
