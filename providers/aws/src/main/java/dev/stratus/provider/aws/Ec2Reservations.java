package dev.stratus.provider.aws;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.spi.ProviderException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.ec2.model.DescribeCapacityReservationsResponse;

/**
 * The account's capacity reservations in the provider's region, from {@code
 * DescribeCapacityReservations} (every page, every state), served from a cache for {@code ttl}: the
 * controller may ask every pass, EC2 is asked at most once per {@code ttl}. A failed refresh keeps
 * what it had (and waits {@code ttl} before it asks again); with nothing to keep it throws. A
 * launch into a reservation or a purchase {@link #invalidate}s it: the counts or the list changed.
 * Thread-safe.
 */
final class Ec2Reservations {
  private static final Logger LOG = LoggerFactory.getLogger(Ec2Reservations.class);
  private final Ec2Api api;
  private final String region;
  private final int pageSize;
  private final Duration ttl;
  private final Clock clock;
  private List<CapacityReservation> cached;
  private Set<String> blocks = Set.of();
  private Instant fetched = Instant.MIN;

  Ec2Reservations(Ec2Api api, String region, int pageSize, Duration ttl, Clock clock) {
    this.api = api;
    this.region = region;
    this.pageSize = pageSize;
    this.ttl = ttl;
    this.clock = clock;
  }

  synchronized List<CapacityReservation> all() {
    Instant now = clock.instant();
    if (cached == null || !fetched.plus(ttl).isAfter(now)) {
      try {
        refresh();
      } catch (ProviderException e) {
        if (cached == null) {
          throw e;
        }
        LOG.warn(
            "DescribeCapacityReservations failed, serving the last answer: {}", e.getMessage());
      }
      fetched = now;
    }
    return cached;
  }

  /**
   * Whether the reservation is a Capacity Block (a launch into it needs {@code MarketType
   * capacity-block}); asks EC2 again when the cache does not know the id. Empty when EC2 does not
   * either: the launch then gets EC2's own refusal.
   */
  synchronized Optional<Boolean> isBlock(String id) {
    if (cached == null || cached.stream().noneMatch(r -> r.id().equals(id))) {
      refresh();
      fetched = clock.instant();
    }
    return cached.stream().anyMatch(r -> r.id().equals(id))
        ? Optional.of(blocks.contains(id))
        : Optional.empty();
  }

  synchronized void invalidate() {
    fetched = Instant.MIN;
  }

  private void refresh() {
    List<CapacityReservation> found = new ArrayList<>();
    Set<String> blockIds = new HashSet<>();
    var described =
        api.paged(
            "DescribeCapacityReservations",
            token ->
                ec2 ->
                    ec2.describeCapacityReservations(r -> r.maxResults(pageSize).nextToken(token)),
            DescribeCapacityReservationsResponse::capacityReservations,
            DescribeCapacityReservationsResponse::nextToken);
    for (var r : described) {
      try {
        found.add(ReservationMapping.toReservation(region, r, Optional.empty()));
        if (ReservationMapping.isBlock(r)) {
          blockIds.add(r.capacityReservationId());
        }
      } catch (IllegalArgumentException e) {
        // e.g. a cancelled reservation EC2 describes with no instances: nothing to launch into
        LOG.debug("reservation {} left out: {}", r.capacityReservationId(), e.getMessage());
      }
    }
    cached = List.copyOf(found);
    blocks = Set.copyOf(blockIds);
  }
}
