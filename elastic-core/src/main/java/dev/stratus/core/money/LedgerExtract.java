package dev.stratus.core.money;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What the ledger holds about a time range: the instances alive in it, every allocation on their
 * nodes during their lives, the owners of the jobs involved and their time limits (absent: none),
 * and the idle spans of those jobs on those nodes.
 */
public record LedgerExtract(
    List<InstanceSpan> instances,
    List<AllocationSpan> allocations,
    Map<Long, JobOwner> owners,
    Map<Long, Duration> timeLimits,
    List<IdleSpan> idleSpans) {
  public LedgerExtract {
    instances = List.copyOf(instances);
    allocations = List.copyOf(allocations);
    owners = Map.copyOf(owners);
    timeLimits = Map.copyOf(timeLimits);
    idleSpans = idleSpans == null ? List.of() : List.copyOf(idleSpans);
  }

  /** An extract without idle spans. */
  public LedgerExtract(
      List<InstanceSpan> instances,
      List<AllocationSpan> allocations,
      Map<Long, JobOwner> owners,
      Map<Long, Duration> timeLimits) {
    this(instances, allocations, owners, timeLimits, List.of());
  }

  /**
   * The jobs running now (an allocation without an end) with their forecast: nodes × the price of
   * the instance on each node × the time limit, billed as its cloud bills; a job without a time
   * limit forecasts nothing beyond what it costs.
   */
  public List<Reservations.RunningJob> running() {
    Map<String, InstanceSpan> openByNode = new HashMap<>();
    instances.stream().filter(i -> i.ended().isEmpty()).forEach(i -> openByNode.put(i.node(), i));
    Map<Long, BigDecimal> forecast = new LinkedHashMap<>();
    Map<Long, String> pool = new HashMap<>();
    for (AllocationSpan a : allocations) {
      InstanceSpan i = openByNode.get(a.node());
      Duration limit = timeLimits.get(a.jobId());
      if (a.end().isPresent() || i == null) {
        continue;
      }
      BigDecimal node =
          limit == null
              ? BigDecimal.ZERO
              : BillingRule.forProvider(i.provider()).cost(i.pricePerHour(), limit);
      forecast.merge(a.jobId(), node, BigDecimal::add);
      pool.put(a.jobId(), i.pool());
    }
    List<Reservations.RunningJob> out = new ArrayList<>();
    forecast.forEach(
        (job, f) ->
            out.add(
                new Reservations.RunningJob(
                    owners.getOrDefault(job, JobOwner.unknown(job)), pool.get(job), f)));
    return out;
  }

  /** Every charge of these instances, open ones counted up to {@code now}. */
  public void charges(Instant now, Consumer<Charge> sink) {
    Attributions.charges(
        instances,
        allocations,
        idleSpans,
        id -> owners.getOrDefault(id, JobOwner.unknown(id)),
        BillingRule::forProvider,
        now,
        sink);
  }
}
