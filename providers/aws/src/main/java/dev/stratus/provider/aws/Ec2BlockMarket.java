package dev.stratus.provider.aws;

import dev.stratus.api.model.BlockOffer;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.ReservationState;
import dev.stratus.api.spi.ProviderException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.ec2.model.DescribeCapacityBlockOfferingsResponse;
import software.amazon.awssdk.services.ec2.model.PurchaseCapacityBlockResponse;

/**
 * Capacity Blocks for ML: {@code DescribeCapacityBlockOfferings} (every page) and {@code
 * PurchaseCapacityBlock} ({@code InstancePlatform=Linux/UNIX}). EC2 takes the start range as the
 * earliest start and the latest <em>end</em>, so the latest end asked is the latest start plus the
 * duration; offers outside the start range, or priced in another currency than USD, are left out.
 */
final class Ec2BlockMarket {
  static final String PLATFORM = "Linux/UNIX";
  private final Ec2Api api;
  private final String region;
  private final Ec2Reservations reservations;

  Ec2BlockMarket(Ec2Api api, String region, Ec2Reservations reservations) {
    this.api = api;
    this.region = region;
    this.reservations = reservations;
  }

  List<BlockOffer> offers(
      String instanceType, int instances, Duration duration, Instant earliest, Instant latest) {
    if (duration.isNegative()
        || duration.isZero()
        || duration.toSecondsPart() != 0
        || duration.toMinutesPart() != 0) {
      throw new IllegalArgumentException(
          "a Capacity Block lasts whole hours, got duration " + duration);
    }
    if (latest.isBefore(earliest)) {
      throw new IllegalArgumentException(
          "latestStart " + latest + " is before earliestStart " + earliest);
    }
    int hours = Math.toIntExact(duration.toHours());
    Instant latestEnd = latest.plus(duration);
    List<BlockOffer> out = new ArrayList<>();
    var offered =
        api.paged(
            "DescribeCapacityBlockOfferings",
            token ->
                ec2 ->
                    ec2.describeCapacityBlockOfferings(
                        r ->
                            r.instanceType(instanceType)
                                .instanceCount(instances)
                                .capacityDurationHours(hours)
                                .startDateRange(earliest)
                                .endDateRange(latestEnd)
                                .nextToken(token)),
            DescribeCapacityBlockOfferingsResponse::capacityBlockOfferings,
            DescribeCapacityBlockOfferingsResponse::nextToken);
    for (var o : offered) {
      ReservationMapping.toOffer(region, o)
          .filter(b -> !b.start().isBefore(earliest) && !b.start().isAfter(latest))
          .ifPresent(out::add);
    }
    out.sort(Comparator.comparing(BlockOffer::upfrontUsd).thenComparing(BlockOffer::start));
    return out;
  }

  /**
   * Buys the block. A dry run that EC2 answers {@code DryRunOperation} is the block as it would be
   * made: in state {@code PENDING}, named by the offering's id (EC2 names the reservation only when
   * it sells it). Anything else EC2 says is a {@link ProviderException}.
   */
  CapacityReservation purchase(BlockOffer offer, boolean dryRun) {
    PurchaseCapacityBlockResponse bought;
    try {
      bought =
          api.call(
              "PurchaseCapacityBlock",
              ec2 ->
                  ec2.purchaseCapacityBlock(
                      r ->
                          r.capacityBlockOfferingId(offer.offerId())
                              .instancePlatform(PLATFORM)
                              .dryRun(dryRun)));
    } catch (ProviderException e) {
      if (dryRun && e.error().code().equals("DryRunOperation")) {
        return wouldBe(offer);
      }
      throw e;
    }
    reservations.invalidate();
    return ReservationMapping.toReservation(
        region, bought.capacityReservation(), Optional.of(offer.upfrontUsd()));
  }

  private CapacityReservation wouldBe(BlockOffer offer) {
    return new CapacityReservation(
        offer.offerId(),
        AwsSettings.PROVIDER,
        region,
        offer.zone(),
        offer.instanceType(),
        offer.start(),
        offer.end(),
        offer.instances(),
        ReservationState.PENDING,
        Optional.of(offer.upfrontUsd()));
  }
}
