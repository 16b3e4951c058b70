package dev.stratus.provider.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.BlockOffer;
import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.ReservationState;
import dev.stratus.api.spi.BlockMarket;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.api.spi.ReservationAware;
import dev.stratus.testkit.aws.QueryParams;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capacity Blocks through the real SDK against the EC2 model: offers asked and read as EC2 means
 * them, a dry run that buys nothing, a purchase the reservations show at once, an offer gone.
 */
class AwsBlockMarketTest {
  static final Duration DAY = Duration.ofHours(24);
  @TempDir Path dir;
  AwsHarness harness;
  BlockMarket market;
  Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);

  @BeforeEach
  void open() {
    harness = new AwsHarness(dir, Map.of("reservationsRefreshSeconds", 60));
    market = (BlockMarket) harness.provider();
    harness
        .model()
        .blocks()
        .supply("p5.48xlarge", "us-east-1b", 16, "4.10")
        .supply("p5.48xlarge", AwsHarness.ZONE, 16, "3.90")
        .supply("p5.48xlarge", "us-east-1c", 1, "1.00");
  }

  @AfterEach
  void close() {
    harness.close();
  }

  private List<BlockOffer> offers(Instant latestStart) {
    return market.offers("p5.48xlarge", 2, DAY, now, latestStart);
  }

  @Test
  void offersAreTheBlocksStartingInTheRangeCheapestFirstAtTheirUpfrontFee() {
    List<BlockOffer> offers = offers(now.plus(Duration.ofDays(3)));

    assertThat(offers)
        .isNotEmpty()
        .isSortedAccordingTo((a, b) -> a.upfrontUsd().compareTo(b.upfrontUsd()));
    assertThat(offers)
        .allSatisfy(
            o -> {
              assertThat(o.provider()).isEqualTo("aws");
              assertThat(o.region()).isEqualTo(AwsHarness.REGION);
              assertThat(o.instanceType()).isEqualTo("p5.48xlarge");
              assertThat(o.instances()).isEqualTo(2);
              assertThat(o.window()).isEqualTo(DAY);
              assertThat(o.start()).isBetween(now, now.plus(Duration.ofDays(3)));
            });
    assertThat(offers.get(0).zone()).isEqualTo(AwsHarness.ZONE);
    assertThat(offers.get(0).upfrontUsd()).isEqualByComparingTo("187.20"); // 3.90 x 2 x 24
    assertThat(offers).noneMatch(o -> o.zone().equals("us-east-1c")); // holds 1, not 2
    QueryParams asked = harness.model().requests("DescribeCapacityBlockOfferings").get(0);
    assertThat(asked.values())
        .containsEntry("InstanceType", "p5.48xlarge")
        .containsEntry("InstanceCount", "2")
        .containsEntry("CapacityDurationHours", "24")
        .containsEntry("StartDateRange", now.toString())
        .containsEntry("EndDateRange", now.plus(Duration.ofDays(4)).toString());
  }

  @Test
  void aDurationEc2DoesNotSellIsRefusedNamingTheValidOnesAndAPartHourIsOurError() {
    assertThatThrownBy(() -> market.offers("p5.48xlarge", 2, Duration.ofHours(30), now, now))
        .isInstanceOfSatisfying(
            ProviderException.class,
            e -> {
              assertThat(e.error()).isInstanceOf(ProviderError.InvalidRequest.class);
              assertThat(e.error().message()).contains("steps of 24");
            });
    assertThatThrownBy(() -> market.offers("p5.48xlarge", 2, Duration.ofMinutes(90), now, now))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("whole hours");
  }

  @Test
  void aDryRunBuysNothingAndAnswersTheBlockAsItWouldBe() {
    BlockOffer offer = offers(now.plus(Duration.ofDays(1))).get(0);

    CapacityReservation would = market.purchase(offer, true);

    assertThat(would.state()).isEqualTo(ReservationState.PENDING);
    assertThat(would.id()).isEqualTo(offer.offerId());
    assertThat(would.start()).isEqualTo(offer.start());
    assertThat(would.end()).isEqualTo(offer.end());
    assertThat(would.prepaidUsd()).contains(offer.upfrontUsd());
    assertThat(harness.model().requests("PurchaseCapacityBlock").get(0).get("DryRun"))
        .hasValue("true");
    assertThat(((ReservationAware) harness.provider()).reservations()).isEmpty();
  }

  @Test
  void aPurchaseIsHeldAtOnceWithItsPrepaidFeeAndShowsInTheReservations() {
    BlockOffer offer = offers(now.plus(Duration.ofDays(1))).get(0);
    assertThat(((ReservationAware) harness.provider()).reservations()).isEmpty(); // now cached

    CapacityReservation bought = market.purchase(offer, false);

    assertThat(bought.id()).startsWith("cr-");
    assertThat(bought.state()).isEqualTo(ReservationState.PENDING); // payment-pending
    assertThat(bought.prepaidUsd()).contains(offer.upfrontUsd());
    assertThat(bought.instances()).isEqualTo(2);
    assertThat(harness.model().requests("PurchaseCapacityBlock").get(0).values())
        .containsEntry("CapacityBlockOfferingId", offer.offerId())
        .containsEntry("InstancePlatform", "Linux/UNIX");
    assertThat(((ReservationAware) harness.provider()).reservations())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.id()).isEqualTo(bought.id());
              assertThat(r.state()).isEqualTo(ReservationState.SCHEDULED);
              assertThat(r.start()).isEqualTo(offer.start());
              assertThat(r.prepaidUsd()).isEmpty(); // EC2 describes no price
            });
  }

  @Test
  void anOfferGoneIsRefusedAlreadyByTheDryRunWithEc2sCode() {
    BlockOffer offer = offers(now.plus(Duration.ofDays(1))).get(0);
    harness.model().blocks().withdraw(offer.offerId());

    for (boolean dryRun : List.of(true, false)) {
      assertThatThrownBy(() -> market.purchase(offer, dryRun))
          .isInstanceOfSatisfying(
              ProviderException.class,
              e -> {
                assertThat(e.error().code()).isEqualTo("InvalidParameterValue");
                assertThat(e.error().message()).contains(offer.offerId(), "no longer available");
              });
    }
    assertThat(offers(now.plus(Duration.ofDays(1))))
        .noneMatch(o -> o.offerId().equals(offer.offerId()));
  }
}
