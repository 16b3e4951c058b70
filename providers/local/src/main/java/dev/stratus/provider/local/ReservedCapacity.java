package dev.stratus.provider.local;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.ReservationState;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local cloud's side of windowed capacity ({@link LocalReservations}): what it holds now, the
 * refusal of a launch outside a window or beyond its count, and the end of every instance of an
 * expired reservation. Launches into reservations run one at a time, so two cannot both take the
 * last instance of a block.
 */
final class ReservedCapacity {
  private static final Logger log = LoggerFactory.getLogger(ReservedCapacity.class);

  private final List<LocalReservations.Held> configured;
  private final Path stateDir;
  private final Clock clock;
  private final LocalNodes nodes;

  ReservedCapacity(
      List<LocalReservations.Held> configured, Path stateDir, Clock clock, LocalNodes nodes) {
    this.configured = List.copyOf(configured);
    this.stateDir = stateDir;
    this.clock = clock;
    this.nodes = nodes;
  }

  List<CapacityReservation> reservations() {
    var now = clock.instant();
    List<CapacityReservation> all = new ArrayList<>();
    configured.forEach(h -> all.add(h.at(now)));
    LocalReservations.read(stateDir).forEach(h -> all.add(h.at(now)));
    return all;
  }

  synchronized LaunchResult launch(
      LaunchRequest request, Function<LaunchRequest, LaunchResult> boot) {
    OfferingKey key = request.offering().key();
    long inUse =
        endPast().stream()
            .filter(r -> r.offering().reservation().equals(key.reservation()))
            .filter(r -> !request.clientToken().equals(r.clientToken())) // a replay's own
            .count();
    Optional<ProviderError> refused =
        LocalReservations.refusal(
            reservations(), key, request.nodeNames().size(), inUse, clock.instant());
    if (refused.isPresent()) {
      return LaunchResult.failure(key, request.nodeNames(), refused.get());
    }
    return boot.apply(request);
  }

  /**
   * As a cloud does at a window's end: every instance of an expired reservation is killed at once,
   * with no shutdown. Returns the live records left.
   */
  List<InstanceRecord> endPast() {
    List<InstanceRecord> live = nodes.live();
    if (live.stream().allMatch(r -> r.offering().reservation().isEmpty())) {
      return live;
    }
    List<String> expired =
        reservations().stream()
            .filter(r -> r.state() == ReservationState.EXPIRED)
            .map(CapacityReservation::id)
            .toList();
    List<InstanceRecord> left = new ArrayList<>();
    for (InstanceRecord r : live) {
      if (expired.contains(r.offering().reservation())) {
        log.info(
            "reservation {} ended: ending {} ({})",
            r.offering().reservation(),
            r.id(),
            r.nodeName());
        nodes.teardown(r, true).join();
      } else {
        left.add(r);
      }
    }
    return left;
  }
}
