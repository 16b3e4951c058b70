package dev.stratus.core.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.ReservationState;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class BlockUseTest {
  static final Instant START = Instant.parse("2026-12-01T00:00:00Z");
  static final Instant END = START.plus(Duration.ofHours(10));
  static final CapacityReservation BLOCK =
      new CapacityReservation(
          "cr-7",
          "aws",
          "us-east-1",
          "us-east-1a",
          "p5.48xlarge",
          START,
          END,
          2,
          ReservationState.ACTIVE,
          Optional.of(new BigDecimal("200.00")));

  static InstanceSpan on(String node, Instant launched, Instant ended, String offering) {
    return new InstanceSpan(
        "i-" + node,
        "aws",
        "block",
        "block",
        node,
        CapacityType.RESERVED,
        8,
        BigDecimal.ZERO,
        launched,
        Optional.of(ended),
        OptionalLong.empty(),
        offering,
        Optional.empty());
  }

  static final String KEY = "aws/us-east-1/us-east-1a/p5.48xlarge/reserved/cr-7";

  @Test
  void usedAndIdleHoursAddUpToTheWindowAndSplitThePrepaidPrice() {
    var ledger =
        new LedgerExtract(
            List.of(
                on("block-001", START, START.plus(Duration.ofHours(4)), KEY),
                on("gpu-001", START, END, "aws/us-east-1/us-east-1a/p5.48xlarge/spot")),
            List.of(
                // two jobs sharing block-001 for an hour count that hour once
                new AllocationSpan(
                    1, "block-001", 4, START, Optional.of(START.plus(Duration.ofHours(3)))),
                new AllocationSpan(
                    2,
                    "block-001",
                    4,
                    START.plus(Duration.ofHours(2)),
                    Optional.of(START.plus(Duration.ofHours(5)))),
                new AllocationSpan(3, "gpu-001", 8, START, Optional.of(END))),
            Map.of(),
            Map.of());

    BlockUse use = BlockUse.of(BLOCK, ledger, BigDecimal.ZERO, END.plusSeconds(60));

    assertThat(use.paidHours()).isCloseTo(20.0, within(1e-9));
    assertThat(use.usedHours())
        .as("block-001 held 0-4 h (its instance ended at 4 h)")
        .isCloseTo(4.0, within(1e-9));
    assertThat(use.idleHours()).isCloseTo(16.0, within(1e-9));
    assertThat(use.usd()).isEqualByComparingTo("200.00");
    assertThat(use.usedUsd()).isEqualByComparingTo("40.00");
    assertThat(use.idleUsd()).isEqualByComparingTo("160.00");
  }

  @Test
  void whileTheWindowIsOpenOnlyTheHoursGoneByArePaidAndAnHourlyReservationIsPricedByThem() {
    CapacityReservation hourly =
        new CapacityReservation(
            "cr-7",
            "aws",
            "us-east-1",
            "",
            "p5.48xlarge",
            START,
            END,
            2,
            ReservationState.ACTIVE,
            Optional.empty());
    var ledger = new LedgerExtract(List.of(), List.of(), Map.of(), Map.of());

    BlockUse use =
        BlockUse.of(hourly, ledger, new BigDecimal("30"), START.plus(Duration.ofHours(1)));

    assertThat(use.paidHours()).isCloseTo(2.0, within(1e-9));
    assertThat(use.usedHours()).isZero();
    assertThat(use.usd()).isEqualByComparingTo("60");
    assertThat(use.idleUsd()).isEqualByComparingTo("60");
  }
}
