package dev.stratus.provider.azure;

import com.azure.resourcemanager.compute.fluent.models.CapacityReservationInner;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.spi.ProviderException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The account's capacity reservations, listed at most once per {@link #REFRESH} and served from
 * memory in between; on a failed refresh the last answer is served (and the next try waits another
 * interval); only without any answer yet does the failure reach the caller. States are worked out
 * at each read from the listed provisioning state and the window, so a block's window opens and
 * closes on time between listings. A reservation a listing no longer shows is remembered for {@link
 * #REMEMBER} as ended ({@link ArmReservationMapping#vanished}): the controller sees it end rather
 * than disappear.
 */
final class AzureReservations {
  static final Duration REFRESH = Duration.ofMinutes(1);
  static final Duration REMEMBER = Duration.ofDays(1);

  /** A VM in a group the memory does not know triggers a listing, at most this often. */
  static final Duration MISS_REFRESH = Duration.ofSeconds(10);

  private static final Logger LOG = LoggerFactory.getLogger(AzureReservations.class);

  private record Listed(CapacityReservation reservation, String provisioningState) {}

  private record Gone(CapacityReservation last, Instant since) {}

  private final Supplier<List<CapacityReservationInner>> source;
  private final String location;
  private final Clock clock;
  private Map<String, Listed> listed;
  private final Map<String, Gone> gone = new LinkedHashMap<>();
  private Instant fetched = Instant.MIN;

  AzureReservations(Supplier<List<CapacityReservationInner>> source, String location, Clock clock) {
    this.source = source;
    this.location = location;
    this.clock = clock;
  }

  synchronized List<CapacityReservation> all() {
    Instant now = clock.instant();
    if (listed == null || !now.isBefore(fetched.plus(REFRESH))) {
      refresh(now);
    }
    List<CapacityReservation> all = new ArrayList<>();
    for (Listed l : listed.values()) {
      CapacityReservation r = l.reservation();
      all.add(
          r.withState(ArmReservationMapping.state(l.provisioningState(), r.start(), r.end(), now)));
    }
    gone.values().forEach(g -> all.add(ArmReservationMapping.vanished(g.last(), now)));
    return all;
  }

  /**
   * The id of the reservation a VM of {@code size} in {@code zone} allocates from in the group
   * {@code groupArmId} (a group holds one reservation per size); the group's own id, without its
   * leading {@code /}, when no listing shows one.
   */
  synchronized String reservationOf(String groupArmId, String size, String zone) {
    Optional<String> known = find(groupArmId, size, zone);
    Instant now = clock.instant();
    if (known.isEmpty() && (listed == null || !now.isBefore(fetched.plus(MISS_REFRESH)))) {
      try {
        refresh(now);
        known = find(groupArmId, size, zone);
      } catch (ProviderException e) {
        LOG.warn("could not list capacity reservations: {}", e.getMessage());
      }
    }
    return known.orElse(groupArmId.startsWith("/") ? groupArmId.substring(1) : groupArmId);
  }

  private Optional<String> find(String groupArmId, String size, String zone) {
    List<CapacityReservation> known = new ArrayList<>();
    if (listed != null) {
      listed.values().forEach(l -> known.add(l.reservation()));
    }
    gone.values().forEach(g -> known.add(g.last()));
    return known.stream()
        .filter(r -> r.instanceType().equalsIgnoreCase(size) && r.zone().equals(zone))
        .filter(
            r ->
                ArmReservationMapping.groupArmId(r.id())
                    .filter(groupArmId::equalsIgnoreCase)
                    .isPresent())
        .map(CapacityReservation::id)
        .findFirst();
  }

  private void refresh(Instant now) {
    List<CapacityReservationInner> answer;
    try {
      answer = source.get();
    } catch (ProviderException e) {
      if (listed == null) {
        throw e;
      }
      fetched = now;
      LOG.warn("capacity reservations not refreshed, serving the last listing: {}", e.getMessage());
      return;
    }
    Map<String, Listed> next = new LinkedHashMap<>();
    for (CapacityReservationInner inner : answer) {
      try {
        ArmReservationMapping.toReservation(inner, location, now)
            .ifPresent(r -> next.put(r.id(), new Listed(r, inner.provisioningState())));
      } catch (IllegalArgumentException | ArithmeticException e) {
        LOG.warn("capacity reservation {} left out: {}", inner.id(), e.getMessage());
      }
    }
    if (listed != null) {
      listed.forEach(
          (id, l) -> {
            if (!next.containsKey(id)) {
              gone.putIfAbsent(id, new Gone(l.reservation(), now));
            }
          });
    }
    next.keySet().forEach(gone::remove);
    gone.values().removeIf(g -> now.isAfter(g.since().plus(REMEMBER)));
    listed = next;
    fetched = now;
  }
}
