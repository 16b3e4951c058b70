package dev.stratus.provider.gcp;

import com.google.cloud.compute.v1.FutureReservation;
import com.google.cloud.compute.v1.ListFutureReservationsRequest;
import com.google.cloud.compute.v1.ListReservationsRequest;
import com.google.cloud.compute.v1.Reservation;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.spi.ProviderException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The reservations of the provider's zones, read at most once per {@code refresh} ({@code
 * reservations.list} and {@code futureReservations.list} of each zone, every page, each zone's pair
 * inside one guarded call) and described by {@link ReservationViews}. A failed refresh keeps what
 * was known and is not retried before the next period; it throws only when nothing was ever known.
 * A launch the cloud refused for its reservation {@link #invalidate}s, so the next read sees why.
 */
final class GcpReservations {
  private final GcpSettings settings;
  private final GcpClients clients;
  private final ProviderCalls calls;
  private final Clock clock;
  private final Duration refresh;
  private List<GcpReservation> known;
  private Instant readAt;

  GcpReservations(
      GcpSettings settings,
      GcpClients clients,
      ProviderCalls calls,
      Clock clock,
      Duration refresh) {
    this.settings = settings;
    this.clients = clients;
    this.calls = calls;
    this.clock = clock;
    this.refresh = refresh;
  }

  /**
   * What the cloud said at the last refresh, refreshed first when that is older than the period.
   */
  synchronized List<GcpReservation> current() {
    Instant now = clock.instant();
    if (readAt == null || !now.isBefore(readAt.plus(refresh))) {
      readAt = now;
      try {
        known = read(now);
      } catch (ProviderException e) {
        if (known == null) {
          readAt = null;
          throw e;
        }
      }
    }
    return known;
  }

  /** What is known, never reading the cloud: for {@code offerings()} between refreshes. */
  synchronized List<GcpReservation> known() {
    return known == null ? List.of() : known;
  }

  /** The reservation of this id, reading the cloud again if it was not known at the last read. */
  Optional<GcpReservation> find(String id) {
    Optional<GcpReservation> hit = lookup(current(), id);
    if (hit.isPresent()) {
      return hit;
    }
    invalidate();
    return lookup(current(), id);
  }

  synchronized void invalidate() {
    readAt = null;
  }

  private static Optional<GcpReservation> lookup(List<GcpReservation> all, String id) {
    return all.stream().filter(r -> r.id().equals(id)).findFirst();
  }

  private List<GcpReservation> read(Instant now) {
    List<GcpReservation> all = new ArrayList<>();
    for (String zone : settings.zones()) {
      all.addAll(
          calls.call(
              settings.region(),
              "reservations.list",
              () ->
                  ReservationViews.describe(
                      settings.region(), zone, reservations(zone), futures(zone), now),
              GcpErrors::translate));
    }
    return List.copyOf(all);
  }

  private List<Reservation> reservations(String zone) {
    List<Reservation> out = new ArrayList<>();
    var request =
        ListReservationsRequest.newBuilder().setProject(settings.project()).setZone(zone).build();
    clients.reservations.list(request).iterateAll().forEach(out::add);
    return out;
  }

  private List<FutureReservation> futures(String zone) {
    List<FutureReservation> out = new ArrayList<>();
    var request =
        ListFutureReservationsRequest.newBuilder()
            .setProject(settings.project())
            .setZone(zone)
            .build();
    clients.futureReservations.list(request).iterateAll().forEach(out::add);
    return out;
  }
}
