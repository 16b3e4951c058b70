package dev.stratus.simulator.cluster;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.core.money.BillingRule;
import dev.stratus.wire.InterruptionNotice;
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
 * The simulated clouds, behind one {@link SimProvider} per provider of the pools: a launch of N
 * nodes in a spot offering succeeds, all or nothing, iff the offering's trace count leaves room for
 * N more of our instances there (else {@code InsufficientCapacity}, as the clouds answer);
 * on-demand always succeeds; a launch repeated under its client token gets the first one's
 * instances. When a zone's count drops below the instances we hold there, the cloud takes the
 * newest back: it announces a reclaim notice at once ({@link #reclaims}) and ends the instance at
 * the notice's deadline ({@link #due}), {@link #NOTICE} after it for the provider. A new instance's
 * node registers {@code boot} after the launch ({@code slurm}). Instances are billed by their
 * cloud's rule ({@link BillingRule}) from launch to termination.
 */
final class SimCloud {
  /** How long a cloud's reclaim notice runs before it takes the instance. */
  static final Map<String, Duration> NOTICE =
      Map.of("aws", Duration.ofMinutes(2), "gcp", Duration.ofSeconds(30));

  static final Duration DEFAULT_NOTICE = Duration.ofSeconds(30);

  private final SpotCapacity capacity;
  private final SimSlurm slurm;
  private final Duration boot;
  private final Map<String, Instance> alive = new LinkedHashMap<>();
  private final Map<String, BigDecimal> price = new HashMap<>();
  private final Map<OfferingKey, Integer> held = new HashMap<>();
  private final Map<String, List<Instance>> byToken = new HashMap<>();
  private final Map<String, Instant> endsAt = new LinkedHashMap<>();
  private final SimSlurmClient.Losses losses;
  private final Duration requeueHold;
  private long nextId = 1;
  private int reclaims;
  private BigDecimal cost = BigDecimal.ZERO;
  private double spotNodeHours;
  private double onDemandNodeHours;

  SimCloud(
      SpotCapacity capacity,
      SimSlurm slurm,
      Duration boot,
      Duration requeueHold,
      SimSlurmClient.Losses losses) {
    this.capacity = capacity;
    this.slurm = slurm;
    this.boot = boot;
    this.requeueHold = requeueHold;
    this.losses = losses;
  }

  LaunchResult launch(LaunchRequest r, Instant now) {
    List<Instance> earlier = byToken.get(r.clientToken());
    if (earlier != null) {
      return LaunchResult.success(earlier);
    }
    Offering o = r.offering();
    int room = capacity.count(o.key(), now) - held.getOrDefault(o.key(), 0);
    if (o.capacityType() == CapacityType.SPOT && room < r.nodeNames().size()) {
      return LaunchResult.failure(
          o.key(),
          r.nodeNames(),
          new ProviderError.InsufficientCapacity(
              "InsufficientCapacity",
              "no spot capacity for " + r.nodeNames().size() + " in " + o.key()));
    }
    List<Instance> out = new ArrayList<>();
    for (String node : r.nodeNames()) {
      Map<String, String> tags = new HashMap<>(r.tags());
      tags.put(Tags.NODE, node);
      Instance i = new Instance("sim-" + nextId++, o.key(), InstanceState.RUNNING, now, "", tags);
      alive.put(i.id(), i);
      price.put(i.id(), o.pricePerHour());
      held.merge(o.key(), 1, Integer::sum);
      slurm.instanceUp(node, i, now, boot);
      out.add(i);
    }
    byToken.put(r.clientToken(), List.copyOf(out));
    return LaunchResult.success(out);
  }

  /** Ends the instance (a termination, or its cloud taking it back): billed, gone from its node. */
  void terminate(String id, Instant now) {
    Instance i = alive.remove(id);
    if (i == null) {
      return;
    }
    endsAt.remove(id);
    held.merge(i.offering(), -1, Integer::sum);
    Duration ran = Duration.between(i.launchedAt(), now);
    cost = cost.add(BillingRule.forProvider(i.provider()).cost(price.remove(id), ran));
    double hours = ran.toMillis() / 3_600_000.0;
    if (i.offering().capacityType() == CapacityType.SPOT) {
      spotNodeHours += hours;
    } else {
      onDemandNodeHours += hours;
    }
    i.nodeName()
        .ifPresent(
            node -> {
              JobRun job = slurm.nodes.get(node).job;
              Duration lost = slurm.instanceGone(node, id, now, now.plus(requeueHold));
              if (job != null) {
                losses.add(job, lost);
              }
            });
  }

  /**
   * The notices the clouds announce at {@code now}: in each spot offering, for the newest of our
   * instances beyond the trace's count that have no notice yet. Each ends at its deadline.
   */
  List<InterruptionNotice> reclaims(Instant now) {
    List<InterruptionNotice> out = new ArrayList<>();
    for (var e : held.entrySet()) {
      long noticed =
          endsAt.keySet().stream()
              .filter(id -> alive.get(id).offering().equals(e.getKey()))
              .count();
      int excess = (int) (e.getValue() - noticed - capacity.count(e.getKey(), now));
      if (excess <= 0) {
        continue;
      }
      List<Instance> taken =
          alive.values().stream()
              .filter(i -> i.offering().equals(e.getKey()) && !endsAt.containsKey(i.id()))
              .sorted(Comparator.comparing(Instance::launchedAt).reversed())
              .limit(excess)
              .toList();
      for (Instance i : taken) {
        Instant deadline = now.plus(NOTICE.getOrDefault(i.provider(), DEFAULT_NOTICE));
        endsAt.put(i.id(), deadline);
        out.add(new InterruptionNotice(i.id(), InterruptionNotice.Kind.RECLAIM, deadline, now));
        reclaims++;
      }
    }
    return out;
  }

  /** Ends every reclaimed instance whose notice ran out by {@code now}; true when one did. */
  boolean due(Instant now) {
    List<String> ending = new ArrayList<>();
    endsAt.forEach(
        (id, at) -> {
          if (!at.isAfter(now)) {
            ending.add(id);
          }
        });
    ending.forEach(id -> terminate(id, now));
    return !ending.isEmpty();
  }

  /** When the next reclaimed instance ends; empty when none is announced. */
  Optional<Instant> nextEnd() {
    return endsAt.values().stream().min(Instant::compareTo);
  }

  List<Instance> alive(String provider) {
    List<Instance> out = new ArrayList<>();
    for (Instance i : alive.values()) {
      if (i.provider().equals(provider)) {
        out.add(i);
      }
    }
    return out;
  }

  Optional<Instance> get(String id) {
    return Optional.ofNullable(alive.get(id));
  }

  boolean anySpotAlive() {
    for (var e : held.entrySet()) {
      if (e.getValue() > 0 && e.getKey().capacityType() == CapacityType.SPOT) {
        return true;
      }
    }
    return false;
  }

  /** Whether any instance is alive: asked at every event, so without copying. */
  boolean anyAlive() {
    return !alive.isEmpty();
  }

  /** Ends every instance still alive at the end of the replay. */
  void endAll(Instant now) {
    new ArrayList<>(alive.keySet()).forEach(id -> terminate(id, now));
  }

  int reclaimCount() {
    return reclaims;
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
