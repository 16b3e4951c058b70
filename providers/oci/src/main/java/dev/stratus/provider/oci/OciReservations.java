package dev.stratus.provider.oci;

import com.oracle.bmc.core.model.ComputeCapacityReservation;
import com.oracle.bmc.core.model.ComputeCapacityReservationSummary;
import com.oracle.bmc.core.requests.GetComputeCapacityReservationRequest;
import com.oracle.bmc.core.requests.ListComputeCapacityReservationsRequest;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.ReservationState;
import dev.stratus.api.spi.ProviderException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The compartment's compute capacity reservations: every page of ListComputeCapacityReservations,
 * then GetComputeCapacityReservation of each (the summary has no shapes), at most once per {@link
 * #REFRESH}; memory in between, the last answer on a failed refresh, the failure itself only
 * without any answer yet. States are worked out again at each read, so a tagged end passes on time.
 * A reservation a listing no longer shows (OCI drops deleted ones after a while) stays, ended, for
 * {@link #REMEMBER}.
 */
final class OciReservations {
  static final Duration REFRESH = Duration.ofMinutes(1);
  static final Duration REMEMBER = Duration.ofDays(1);
  private static final Logger LOG = LoggerFactory.getLogger(OciReservations.class);

  private final OciApi api;
  private final OciSettings settings;
  private final Clock clock;
  private List<ComputeCapacityReservation> last;
  private final Map<String, Instant> goneSince = new LinkedHashMap<>();
  private final Map<String, ComputeCapacityReservation> gone = new LinkedHashMap<>();
  private Instant fetched = Instant.MIN;

  OciReservations(OciApi api, OciSettings settings, Clock clock) {
    this.api = api;
    this.settings = settings;
    this.clock = clock;
  }

  synchronized List<CapacityReservation> all() {
    Instant now = clock.instant();
    if (last == null || !now.isBefore(fetched.plus(REFRESH))) {
      refresh(now);
    }
    List<CapacityReservation> all = new ArrayList<>();
    for (ComputeCapacityReservation r : last) {
      all.addAll(mapped(r, now));
    }
    for (ComputeCapacityReservation r : gone.values()) {
      for (CapacityReservation c : mapped(r, now)) {
        boolean ended = !c.end().equals(Instant.MAX) && !now.isBefore(c.end());
        all.add(c.withState(ended ? ReservationState.EXPIRED : ReservationState.CANCELLED));
      }
    }
    return all;
  }

  private List<CapacityReservation> mapped(ComputeCapacityReservation r, Instant now) {
    try {
      return OciReservationMapping.toReservations(r, settings.region(), now);
    } catch (IllegalArgumentException | ArithmeticException e) {
      LOG.warn("capacity reservation {} left out: {}", r.getId(), e.getMessage());
      return List.of();
    }
  }

  private void refresh(Instant now) {
    List<ComputeCapacityReservation> next;
    try {
      next = fetch();
    } catch (ProviderException e) {
      if (last == null) {
        throw e;
      }
      fetched = now;
      LOG.warn("capacity reservations not refreshed, serving the last listing: {}", e.getMessage());
      return;
    }
    List<String> ids = next.stream().map(ComputeCapacityReservation::getId).toList();
    if (last != null) {
      for (ComputeCapacityReservation r : last) {
        if (!ids.contains(r.getId()) && gone.putIfAbsent(r.getId(), r) == null) {
          goneSince.put(r.getId(), now);
        }
      }
    }
    ids.forEach(
        id -> {
          gone.remove(id);
          goneSince.remove(id);
        });
    goneSince.entrySet().removeIf(e -> now.isAfter(e.getValue().plus(REMEMBER)));
    gone.keySet().retainAll(goneSince.keySet());
    last = next;
    fetched = now;
  }

  private List<ComputeCapacityReservation> fetch() {
    List<ComputeCapacityReservation> all = new ArrayList<>();
    String page = null;
    do {
      String from = page;
      var r =
          api.compute(
              "ListComputeCapacityReservations",
              c ->
                  c.listComputeCapacityReservations(
                      ListComputeCapacityReservationsRequest.builder()
                          .compartmentId(settings.compartmentId())
                          .limit(settings.pageSize())
                          .page(from)
                          .build()));
      for (ComputeCapacityReservationSummary s : r.getItems()) {
        all.add(
            api.compute(
                    "GetComputeCapacityReservation",
                    c ->
                        c.getComputeCapacityReservation(
                            GetComputeCapacityReservationRequest.builder()
                                .capacityReservationId(s.getId())
                                .build()))
                .getComputeCapacityReservation());
      }
      page = r.getOpcNextPage();
    } while (page != null && !page.isEmpty());
    return all;
  }
}
