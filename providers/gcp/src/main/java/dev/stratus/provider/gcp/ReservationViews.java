package dev.stratus.provider.gcp;

import com.google.cloud.compute.v1.FutureReservation;
import com.google.cloud.compute.v1.Reservation;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.ReservationState;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Compute Engine's reservations and future reservations of one zone as {@link GcpReservation}s:
 * pure functions of what {@code reservations.list} and {@code futureReservations.list} answered.
 *
 * <ul>
 *   <li>A future reservation with a time window is one reservation, named after the reservation it
 *       delivers ({@code reservationName}, else the first of {@code
 *       status.autoCreatedReservations}, else its own name until it delivers), with its window,
 *       {@code specificSkuProperties.totalCount} and a state from its {@code procurementStatus},
 *       the delivered reservation's {@code status} and the window ({@link FutureStates}).
 *   <li>Any other reservation of a machine type is open since it was made ({@link Instant#MIN})
 *       until {@code deleteAtTime} (or creation plus {@code deleteAfterDuration}), else without end
 *       ({@link Instant#MAX}), with {@code specificReservation.count}.
 * </ul>
 *
 * Reservations without a machine type (made from an instance template, aggregate ones) or without
 * instances are left out: nothing can be said of what they hold.
 */
final class ReservationViews {
  private ReservationViews() {}

  static List<GcpReservation> describe(
      String region,
      String zone,
      List<Reservation> reservations,
      List<FutureReservation> futures,
      Instant now) {
    Map<String, Reservation> byName = new HashMap<>();
    reservations.forEach(r -> byName.put(r.getName(), r));
    List<GcpReservation> out = new ArrayList<>();
    Set<String> delivered = new HashSet<>();
    for (FutureReservation f : futures) {
      future(region, zone, f, byName, now)
          .ifPresent(
              g -> {
                out.add(g);
                delivered.add(g.id());
              });
    }
    for (Reservation r : reservations) {
      if (!delivered.contains(r.getName())) {
        plain(region, zone, r, now).ifPresent(out::add);
      }
    }
    return out;
  }

  private static Optional<GcpReservation> future(
      String region,
      String zone,
      FutureReservation f,
      Map<String, Reservation> byName,
      Instant now) {
    String type =
        InstanceViews.lastSegment(
            f.getSpecificSkuProperties().getInstanceProperties().getMachineType());
    long count = f.getSpecificSkuProperties().getTotalCount();
    if (!f.hasTimeWindow() || type.isEmpty() || count < 1) {
      return Optional.empty();
    }
    Instant start = time(f.getTimeWindow().getStartTime());
    Instant end =
        f.getTimeWindow().hasEndTime()
            ? time(f.getTimeWindow().getEndTime())
            : start.plusSeconds(f.getTimeWindow().getDuration().getSeconds());
    boolean calendar = "CALENDAR".equals(f.getReservationMode());
    if (!calendar) {
      end = defaultModeEnd(f, end);
    }
    String id = deliveredName(f);
    Reservation delivered = byName.get(id);
    ReservationState state =
        FutureStates.of(
            f.getStatus().getProcurementStatus(),
            delivered == null ? Optional.empty() : Optional.of(delivered.getStatus()),
            start,
            end,
            now);
    return Optional.of(
        new GcpReservation(
            new CapacityReservation(
                id,
                GcpOffering.PROVIDER,
                region,
                zone,
                type,
                start,
                end,
                (int) count,
                state,
                Optional.empty()),
            calendar));
  }

  /**
   * A future reservation that is not in calendar mode delivers a reservation that outlives the
   * window unless GCE was told to delete it ({@code autoDeleteAutoCreatedReservations}).
   */
  private static Instant defaultModeEnd(FutureReservation f, Instant windowEnd) {
    if (!f.getAutoDeleteAutoCreatedReservations()) {
      return Instant.MAX;
    }
    return f.hasAutoCreatedReservationsDeleteTime()
        ? time(f.getAutoCreatedReservationsDeleteTime())
        : windowEnd;
  }

  private static String deliveredName(FutureReservation f) {
    if (!f.getReservationName().isEmpty()) {
      return f.getReservationName();
    }
    return f.getStatus().getAutoCreatedReservationsCount() > 0
        ? InstanceViews.lastSegment(f.getStatus().getAutoCreatedReservations(0))
        : f.getName();
  }

  private static Optional<GcpReservation> plain(
      String region, String zone, Reservation r, Instant now) {
    String type =
        InstanceViews.lastSegment(
            r.getSpecificReservation().getInstanceProperties().getMachineType());
    long count = r.getSpecificReservation().getCount();
    if (type.isEmpty() || count < 1) {
      return Optional.empty();
    }
    Instant end = Instant.MAX;
    if (r.hasDeleteAtTime()) {
      end = time(r.getDeleteAtTime());
    } else if (r.hasDeleteAfterDuration() && r.hasCreationTimestamp()) {
      end =
          time(r.getCreationTimestamp())
              .plus(Duration.ofSeconds(r.getDeleteAfterDuration().getSeconds()));
    }
    ReservationState state =
        !now.isBefore(end) ? ReservationState.EXPIRED : FutureStates.ofReservation(r.getStatus());
    return Optional.of(
        new GcpReservation(
            new CapacityReservation(
                r.getName(),
                GcpOffering.PROVIDER,
                region,
                zone,
                type,
                Instant.MIN,
                end,
                (int) count,
                state,
                Optional.empty()),
            false));
  }

  static Instant time(String rfc3339) {
    return OffsetDateTime.parse(rfc3339).toInstant();
  }
}
