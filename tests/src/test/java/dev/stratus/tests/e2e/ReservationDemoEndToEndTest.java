package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stratus.tests.support.DemoProcess;
import java.math.BigDecimal;
import java.nio.file.Path;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./stratus demo --scenario reservation --json} as a user runs it, on the real Slurm: a
 * block of two nodes with a window of minutes beside the spot pool. The job that fits runs on the
 * block; the one whose time limit does not fit is kept off it (Slurm's maintenance reservation from
 * the window's end) and runs on spot; the one still running near the end is checkpointed, requeued
 * and finishes from its checkpoint on spot; nothing runs on the block past its end, whose instances
 * the local cloud ends; the block's used and idle hours add up to its window.
 */
@Tag("slurm")
class ReservationDemoEndToEndTest {
  @TempDir Path dir;

  @Test
  void jobsThatFitRunOnTheBlockAndNoneOutlivesIt() throws Exception {
    JsonNode summary = DemoProcess.demo(dir, "--scenario", "reservation");

    assertThat(summary.get("jobs_completed").asInt())
        .isEqualTo(summary.get("jobs_submitted").asInt())
        .isEqualTo(3);
    assertThat(summary.get("jobs_on_block").asInt()).isEqualTo(2);
    assertThat(summary.get("jobs_refused_block_too_long").asInt()).isEqualTo(1);
    assertThat(summary.get("jobs_requeued_before_end").asInt()).isEqualTo(1);
    assertThat(summary.get("jobs_running_past_end").asInt()).isZero();
    assertThat(summary.get("max_steps_lost").asInt())
        .isLessThanOrEqualTo(summary.get("checkpoint_interval_steps").asInt());
    assertThat(summary.get("block_usd").decimalValue()).isEqualByComparingTo(new BigDecimal("20"));
    assertThat(summary.get("block_hours_paid").asDouble())
        .isCloseTo(summary.get("block_window_hours").asDouble(), within(0.001));
    assertThat(
            summary.get("block_hours_used").asDouble() + summary.get("block_hours_idle").asDouble())
        .isCloseTo(summary.get("block_window_hours").asDouble(), within(0.001));
    assertThat(summary.get("block_hours_used").asDouble()).isPositive();
    assertThat(summary.get("ledger_usd").decimalValue())
        .isPositive()
        .isCloseTo(
            summary.get("instances_usd").decimalValue(), Offset.offset(new BigDecimal("0.05")));
    assertThat(summary.get("instances_left").asInt()).isZero();
  }
}
