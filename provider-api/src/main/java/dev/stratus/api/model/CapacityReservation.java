package dev.stratus.api.model;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A reservation or block as the cloud describes it: an EC2 On-Demand Capacity Reservation or
 * Capacity Block for ML, a GCE specific (or calendar-mode future) reservation, an Azure capacity
 * reservation group, an OCI compute capacity reservation. The cloud is the truth: providers fill
 * this from their describe call, never from Stratus's own memory.
 *
 * @param id the cloud's id ({@code cr-0123...}, a GCE reservation name, an ARM or OCI id)
 * @param start when the window opens; {@link Instant#MIN} for a reservation open since it was made
 * @param end when the cloud ends the window and its instances; {@link Instant#MAX} for none (an
 *     open-ended On-Demand Capacity Reservation)
 * @param instances how many instances the reservation holds
 * @param prepaidUsd the up-front price of the whole window (a Capacity Block), or empty when it is
 *     billed per hour at its offering's price whether used or not
 */
public record CapacityReservation(
    String id,
    String provider,
    String region,
    String zone,
    String instanceType,
    Instant start,
    Instant end,
    int instances,
    ReservationState state,
    Optional<BigDecimal> prepaidUsd) {
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:/-]{0,254}");

  public CapacityReservation {
    notBlank("id", id);
    if (!ID.matcher(id).matches()) {
      throw new IllegalArgumentException(
          "reservation id must be letters, digits and . _ : / - (at most 255), got '" + id + "'");
    }
    notBlank("provider", provider);
    notBlank("region", region);
    zone = zone == null ? "" : zone;
    notBlank("instanceType", instanceType);
    notNull("start", start);
    notNull("end", end);
    if (!end.isAfter(start)) {
      throw new IllegalArgumentException(
          "reservation " + id + ": end " + end + " must be after start " + start);
    }
    if (instances < 1) {
      throw new IllegalArgumentException(
          "reservation " + id + ": instances must be >= 1, got " + instances);
    }
    notNull("state", state);
    notNull("prepaidUsd", prepaidUsd);
    prepaidUsd.ifPresent(
        p -> {
          if (p.signum() < 0) {
            throw new IllegalArgumentException(
                "reservation " + id + ": prepaidUsd must be >= 0, got " + p);
          }
        });
  }

  /**
   * A reservation the operator named that the cloud has not described yet: no window, so nothing
   * fits in it until the provider's listing resolves it ({@code PENDING}, open-ended).
   */
  public static CapacityReservation unresolved(
      String id, String provider, String region, String zone, String instanceType) {
    return new CapacityReservation(
        id,
        provider,
        region,
        zone,
        instanceType,
        Instant.MIN,
        Instant.MAX,
        1,
        ReservationState.PENDING,
        Optional.empty());
  }

  /** Whether the cloud takes launches into it at {@code now}: active and inside the window. */
  public boolean openAt(Instant now) {
    return state == ReservationState.ACTIVE && !now.isBefore(start) && now.isBefore(end);
  }

  /**
   * Whether work of {@code runtime} started at {@code now} ends, with {@code margin} to spare,
   * before the cloud ends the window: the rule that keeps a job off a block it cannot finish on.
   */
  public boolean fits(Instant now, Duration runtime, Duration margin) {
    return openAt(now) && !now.plus(runtime).plus(margin).isAfter(end);
  }

  /** The window's length; {@link Duration#ZERO} for an open-ended one (nothing to amortise). */
  public Duration window() {
    return start.equals(Instant.MIN) || end.equals(Instant.MAX)
        ? Duration.ZERO
        : Duration.between(start, end);
  }

  /** The same reservation in another state (a model's clock moved, a purchase confirmed). */
  public CapacityReservation withState(ReservationState next) {
    return new CapacityReservation(
        id, provider, region, zone, instanceType, start, end, instances, next, prepaidUsd);
  }
}
