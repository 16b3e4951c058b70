package dev.stratus.core.money;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What the ledger holds about a time range: the instances alive in it, every allocation on their
 * nodes during their lives, the owners of the jobs involved and their time limits (absent: none).
 */
public record LedgerExtract(
    List<InstanceSpan> instances,
    List<AllocationSpan> allocations,
    Map<Long, JobOwner> owners,
    Map<Long, java.time.Duration> timeLimits) {
  public LedgerExtract {
    instances = List.copyOf(instances);
    allocations = List.copyOf(allocations);
    owners = Map.copyOf(owners);
    timeLimits = Map.copyOf(timeLimits);
  }

  /**
   * The jobs running now (an allocation without an end) with their forecast: nodes × the price of
   * the instance on each node × the time limit, billed as its cloud bills; a job without a time
   * limit forecasts nothing beyond what it costs.
   */
  public List<Reservations.RunningJob> running() {
    Map<String, InstanceSpan> openByNode = new java.util.HashMap<>();
    instances.stream().filter(i -> i.ended().isEmpty()).forEach(i -> openByNode.put(i.node(), i));
    Map<Long, java.math.BigDecimal> forecast = new java.util.LinkedHashMap<>();
    Map<Long, String> pool = new java.util.HashMap<>();
    for (AllocationSpan a : allocations) {
      InstanceSpan i = openByNode.get(a.node());
      java.time.Duration limit = timeLimits.get(a.jobId());
      if (a.end().isPresent() || i == null) {
        continue;
      }
      java.math.BigDecimal node =
          limit == null
              ? java.math.BigDecimal.ZERO
              : BillingRule.forProvider(i.provider()).cost(i.pricePerHour(), limit);
      forecast.merge(a.jobId(), node, java.math.BigDecimal::add);
      pool.put(a.jobId(), i.pool());
    }
    List<Reservations.RunningJob> out = new java.util.ArrayList<>();
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
        id -> owners.getOrDefault(id, JobOwner.unknown(id)),
        BillingRule::forProvider,
        now,
        sink);
  }
}
