package dev.stratus.core.money;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongFunction;

/** {@link Attribution} over many instances: the nodes' allocations grouped once (pure). */
public final class Attributions {
  private Attributions() {}

  /**
   * Every charge of {@code instances}, handed to {@code sink} one by one (a year of a large cluster
   * is millions of charges: a report sums them as they come instead of keeping them).
   */
  public static void charges(
      List<InstanceSpan> instances,
      List<AllocationSpan> allocations,
      LongFunction<JobOwner> owners,
      Function<String, BillingRule> billing,
      Instant now,
      Consumer<Charge> sink) {
    Map<String, List<AllocationSpan>> byNode = new HashMap<>();
    for (AllocationSpan a : allocations) {
      byNode.computeIfAbsent(a.node(), n -> new ArrayList<>()).add(a);
    }
    for (InstanceSpan i : instances) {
      List<AllocationSpan> onNode = byNode.getOrDefault(i.node(), List.of());
      Attribution.of(i, onNode, owners, billing.apply(i.provider()), now).forEach(sink);
    }
  }

  /** As {@link #charges(List, List, LongFunction, Function, Instant, Consumer)}, into a list. */
  public static List<Charge> charges(
      List<InstanceSpan> instances,
      List<AllocationSpan> allocations,
      LongFunction<JobOwner> owners,
      Instant now) {
    List<Charge> out = new ArrayList<>();
    charges(instances, allocations, owners, BillingRule::forProvider, now, out::add);
    return out;
  }
}
