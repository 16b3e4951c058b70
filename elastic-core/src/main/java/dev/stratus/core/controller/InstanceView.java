package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The instances the notice lane plans from, so that it never lists a cloud itself: the last pass's
 * listing, plus what launches returned since that listing began (a notice can come for an instance
 * launched after it). A provider whose listing failed keeps what was known of it.
 *
 * <p>Safe from any thread: one immutable map in an {@link AtomicReference}, replaced whole.
 */
final class InstanceView {
  private record Known(Instance instance, Instant learnedAt, boolean fromLaunch) {}

  private final AtomicReference<Map<String, Known>> byId = new AtomicReference<>(Map.of());

  /**
   * A pass listed {@code instances} (every provider but {@code unlisted}), starting at {@code at}.
   */
  void listed(List<Instance> instances, Set<String> unlisted, Instant at) {
    byId.updateAndGet(
        old -> {
          Map<String, Known> next = new LinkedHashMap<>();
          old.forEach(
              (id, k) -> {
                boolean launchedSince = k.fromLaunch() && !k.learnedAt().isBefore(at);
                if (launchedSince || unlisted.contains(k.instance().provider())) {
                  next.put(id, k);
                }
              });
          instances.forEach(i -> next.put(i.id(), new Known(i, at, false)));
          return Map.copyOf(next);
        });
  }

  /** A launch returned these instances at {@code at}. */
  void launched(List<Instance> instances, Instant at) {
    byId.updateAndGet(
        old -> {
          Map<String, Known> next = new LinkedHashMap<>(old);
          instances.forEach(i -> next.put(i.id(), new Known(i, at, true)));
          return Map.copyOf(next);
        });
  }

  List<Instance> instances() {
    return byId.get().values().stream().map(Known::instance).toList();
  }
}
