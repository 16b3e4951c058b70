package dev.stratus.daemon;

import dev.stratus.api.model.Instance;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Which live instance is bound to a node (its {@code stratus:node} tag), for the endpoint that
 * checks who signed a request. It reads the instances the controller's latest pass listed; a node
 * not among them (launched since, or the pass is late) is looked up in a fresh list of the
 * providers, at most once per {@code minRefresh} and only for names that are node slots, so
 * requests naming made-up nodes cannot make the controller hammer the clouds' list APIs.
 */
final class InstanceDirectory {
  private final Supplier<List<Instance>> observed;
  private final Supplier<List<Instance>> fresh;
  private final Predicate<String> isSlot;
  private final Clock clock;
  private final Duration minRefresh;
  private List<Instance> refreshed = List.of();
  private Instant refreshedAt = Instant.MIN;

  InstanceDirectory(
      Supplier<List<Instance>> observed,
      Supplier<List<Instance>> fresh,
      Predicate<String> isSlot,
      Clock clock,
      Duration minRefresh) {
    this.observed = observed;
    this.fresh = fresh;
    this.isSlot = isSlot;
    this.clock = clock;
    this.minRefresh = minRefresh;
  }

  Optional<Instance> boundTo(String node) {
    Optional<Instance> seen = find(observed.get(), node);
    if (seen.isPresent() || !isSlot.test(node)) {
      return seen;
    }
    return find(refresh(), node);
  }

  private synchronized List<Instance> refresh() {
    Instant now = clock.instant();
    if (Duration.between(refreshedAt, now).compareTo(minRefresh) >= 0) {
      refreshedAt = now;
      refreshed = List.copyOf(fresh.get());
    }
    return refreshed;
  }

  private static Optional<Instance> find(List<Instance> instances, String node) {
    return instances.stream()
        .filter(i -> i.state().alive())
        .filter(i -> i.nodeName().filter(node::equals).isPresent())
        .findFirst();
  }
}
