package dev.stratus.api.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CapacityTermsTest {
  static final Instant START = Instant.parse("2026-12-01T00:00:00Z");
  static final Instant END = START.plus(Duration.ofHours(24));

  static CapacityReservation block(ReservationState state) {
    return new CapacityReservation(
        "cr-0123",
        "aws",
        "us-east-1",
        "us-east-1a",
        "p5.48xlarge",
        START,
        END,
        2,
        state,
        Optional.of(new BigDecimal("1500.00")));
  }

  @Test
  void aJobFitsOnABlockOnlyIfItEndsWithTheMarginBeforeTheWindowCloses() {
    var terms = new CapacityTerms.Reserved(block(ReservationState.ACTIVE));
    Instant now = END.minus(Duration.ofHours(3));
    Duration margin = Duration.ofMinutes(10);

    assertThat(terms.fits(now, Duration.ofHours(2).plusMinutes(50), margin)).isTrue();
    assertThat(terms.fits(now, Duration.ofHours(2).plusMinutes(51), margin)).isFalse();
    assertThat(terms.fits(START.minusSeconds(1), Duration.ofMinutes(1), margin))
        .as("before the window opens")
        .isFalse();
    assertThat(terms.endsAt(now)).contains(END);
  }

  @Test
  void aBlockThatIsNotActiveTakesNothingEvenInsideItsWindow() {
    var scheduled = new CapacityTerms.Reserved(block(ReservationState.SCHEDULED));
    assertThat(scheduled.fits(START.plusSeconds(60), Duration.ofMinutes(1), Duration.ZERO))
        .isFalse();
    assertThat(block(ReservationState.EXPIRED).openAt(START.plusSeconds(60))).isFalse();
    assertThat(block(ReservationState.ACTIVE).openAt(END)).as("the end is exclusive").isFalse();
  }

  @Test
  void flexRunsAtMostItsMaximumFromWhenItIsGranted() {
    var flex = new CapacityTerms.Flex(Duration.ofHours(4));
    assertThat(flex.fits(START, Duration.ofHours(3).plusMinutes(50), Duration.ofMinutes(10)))
        .isTrue();
    assertThat(flex.fits(START, Duration.ofHours(3).plusMinutes(51), Duration.ofMinutes(10)))
        .isFalse();
    assertThat(flex.endsAt(START)).contains(START.plus(Duration.ofHours(4)));
    assertThat(CapacityTerms.OPEN.endsAt(START)).isEmpty();
  }

  @Test
  void aReservationWithItsEndBeforeItsStartIsRefusedNamingIt() {
    assertThatThrownBy(
            () ->
                new CapacityReservation(
                    "cr-9",
                    "aws",
                    "us-east-1",
                    "",
                    "p5.48xlarge",
                    END,
                    START,
                    1,
                    ReservationState.ACTIVE,
                    Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cr-9")
        .hasMessageContaining("must be after start");
  }

  @Test
  void aReservedOfferingNamesItsReservationAndCarriesItsWindow() {
    var key =
        new OfferingKey(
            "aws", "us-east-1", "us-east-1a", "p5.48xlarge", CapacityType.RESERVED, "cr-0123");
    assertThat(key.toString()).isEqualTo("aws/us-east-1/us-east-1a/p5.48xlarge/reserved/cr-0123");
    assertThatThrownBy(
            () -> new OfferingKey("aws", "us-east-1", "", "p5.48xlarge", CapacityType.RESERVED))
        .hasMessageContaining("must name its reservation");
    assertThatThrownBy(
            () -> new OfferingKey("aws", "us-east-1", "", "p5.48xlarge", CapacityType.SPOT, "cr-1"))
        .hasMessageContaining("only a reserved offering names a reservation");

    var offering =
        new Offering(
            key,
            "h100",
            8,
            192,
            2_000_000,
            new BigDecimal("31.46"),
            PriceOrigin.CONFIGURED,
            new CapacityTerms.Reserved(block(ReservationState.ACTIVE)));
    assertThat(offering.withPrice(BigDecimal.ONE, PriceOrigin.CONFIGURED).terms())
        .isEqualTo(offering.terms());
    assertThatThrownBy(() -> offering.withTerms(CapacityTerms.OPEN))
        .hasMessageContaining("do not match its capacity type");
    assertThatThrownBy(
            () ->
                new Offering(
                    new OfferingKey("gcp", "us-central1", "", "a3-highgpu-8g", CapacityType.FLEX),
                    "h100",
                    8,
                    208,
                    1_000_000,
                    BigDecimal.TEN))
        .hasMessageContaining("needs its terms");
  }

  static Offering of(CapacityType type, String price) {
    var key =
        new OfferingKey(
            "aws",
            "us-east-1",
            "a",
            "p5.48xlarge",
            type,
            type == CapacityType.RESERVED ? "cr-0123" : "");
    CapacityTerms terms =
        switch (type) {
          case RESERVED -> new CapacityTerms.Reserved(block(ReservationState.ACTIVE));
          case FLEX -> new CapacityTerms.Flex(Duration.ofHours(4));
          default -> CapacityTerms.OPEN;
        };
    return new Offering(
        key, "h100", 8, 192, 2_000_000, new BigDecimal(price), PriceOrigin.CONFIGURED, terms);
  }

  @Test
  void everyPolicyTakesAnOpenBlockFirstThenSpotFlexAndOnDemand() {
    Offering od = of(CapacityType.ON_DEMAND, "30");
    Offering flex = of(CapacityType.FLEX, "16");
    Offering spot = of(CapacityType.SPOT, "12");
    Offering block = of(CapacityType.RESERVED, "31");
    var all = List.of(od, flex, spot, block);

    assertThat(SpotPolicy.SPOT_PREFERRED.order(all, 0)).containsExactly(block, spot, flex, od);
    assertThat(SpotPolicy.SPOT_ONLY.order(all, 0)).containsExactly(block, spot);
    assertThat(SpotPolicy.ON_DEMAND_ONLY.order(all, 0)).containsExactly(block, flex, od);
    assertThat(SpotPolicy.ON_DEMAND_AFTER_RECLAIM.order(all, 1)).containsExactly(block, flex, od);
  }
}
