package dev.stratus.provider.aws;

import dev.stratus.api.model.BlockOffer;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.ReservationState;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;
import software.amazon.awssdk.services.ec2.model.CapacityBlockOffering;
import software.amazon.awssdk.services.ec2.model.CapacityReservationType;
import software.amazon.awssdk.services.ec2.model.EndDateType;

/** EC2's capacity reservations and blocks to ours: pure mapping. */
final class ReservationMapping {
  private ReservationMapping() {}

  /**
   * A reservation as EC2 describes it. The window is {@code StartDate} (else {@code CreateDate},
   * else open since ever) to {@code EndDate} when its end date type is {@code limited} (else
   * open-ended). EC2 describes no price on a reservation: {@code prepaidUsd} is what the caller
   * knows EC2 charged (a block it just bought), else empty.
   */
  static CapacityReservation toReservation(
      String region,
      software.amazon.awssdk.services.ec2.model.CapacityReservation r,
      Optional<BigDecimal> prepaidUsd) {
    Instant start =
        r.startDate() != null
            ? r.startDate()
            : r.createDate() != null ? r.createDate() : Instant.MIN;
    Instant end =
        r.endDateType() != EndDateType.UNLIMITED && r.endDate() != null ? r.endDate() : Instant.MAX;
    return new CapacityReservation(
        r.capacityReservationId(),
        AwsSettings.PROVIDER,
        region,
        r.availabilityZone(),
        r.instanceType(),
        start,
        end,
        r.totalInstanceCount() == null ? 0 : r.totalInstanceCount(),
        state(r.stateAsString()),
        prepaidUsd);
  }

  static boolean isBlock(software.amazon.awssdk.services.ec2.model.CapacityReservation r) {
    return r.reservationType() == CapacityReservationType.CAPACITY_BLOCK;
  }

  /**
   * EC2's states onto ours. Only {@code active} takes launches; {@code scheduled} is confirmed with
   * its window ahead; {@code payment-pending}, {@code pending}, {@code assessing}, {@code delayed}
   * and {@code unavailable} are not (yet) confirmed; {@code expired} is past its end; {@code
   * cancelled}, {@code cancelling}, {@code failed}, {@code payment-failed} and {@code unsupported}
   * will never take a launch.
   */
  static ReservationState state(String ec2State) {
    if (ec2State == null) {
      return ReservationState.PENDING;
    }
    return switch (ec2State) {
      case "active" -> ReservationState.ACTIVE;
      case "scheduled" -> ReservationState.SCHEDULED;
      case "expired" -> ReservationState.EXPIRED;
      case "cancelled", "cancelling", "failed", "payment-failed", "unsupported" ->
          ReservationState.CANCELLED;
      default -> ReservationState.PENDING;
    };
  }

  /** A block on sale; empty when EC2 prices it in another currency than USD. */
  static Optional<BlockOffer> toOffer(String region, CapacityBlockOffering o) {
    if (!"USD".equals(o.currencyCode()) || o.upfrontFee() == null) {
      return Optional.empty();
    }
    return Optional.of(
        new BlockOffer(
            o.capacityBlockOfferingId(),
            AwsSettings.PROVIDER,
            region,
            o.availabilityZone(),
            o.instanceType(),
            o.instanceCount(),
            o.startDate(),
            o.endDate(),
            new BigDecimal(o.upfrontFee())));
  }
}
