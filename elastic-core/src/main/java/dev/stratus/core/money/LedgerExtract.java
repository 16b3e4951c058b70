package dev.stratus.core.money;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What the ledger holds about a time range: the instances alive in it, every allocation on their
 * nodes during their lives, and the owners of the jobs involved.
 */
public record LedgerExtract(
    List<InstanceSpan> instances, List<AllocationSpan> allocations, Map<Long, JobOwner> owners) {
  public LedgerExtract {
    instances = List.copyOf(instances);
    allocations = List.copyOf(allocations);
    owners = Map.copyOf(owners);
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
