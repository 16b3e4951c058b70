package dev.stratus.core.controller;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.core.config.DeadlineSettings;
import dev.stratus.core.plan.DeadlineContext;
import dev.stratus.core.plan.JobDeadline;
import dev.stratus.core.slurm.SlurmJob;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DeadlineJobsTest {
  static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");
  static final Offering SPOT = offering("aws", "zone-a", CapacityType.SPOT, "30");
  static final Offering ON_DEMAND = offering("aws", "zone-a", CapacityType.ON_DEMAND, "98");
  static final Pool GPU = pool("gpu", 4, SPOT, ON_DEMAND);

  static SlurmJob job(long id, Optional<Duration> limit, Optional<Instant> deadline) {
    return new SlurmJob(
        id,
        "train",
        "PENDING",
        "",
        "gpu",
        "",
        1,
        "gpu:8",
        0,
        true,
        Optional.empty(),
        new SlurmJob.Accounting(
            "ana", "ml", limit, Optional.empty(), Optional.of(NOW.minusSeconds(600)), deadline),
        "");
  }

  DeadlineContext observe(DeadlineSettings settings, SlurmJob... jobs) {
    return new DeadlineJobs(
            settings, Checkpoints.NONE, Optional.of(Path.of("target/deadline-jobs-test")))
        .observe(NOW, List.of(GPU), List.of(jobs), List.of(), Set.of(SPOT.key()));
  }

  @Test
  void sbatchDeadlineAndTimeLimitMakeTheJobsDeadlineWithNoWorkDoneYet() {
    DeadlineContext ctx =
        observe(
            DeadlineSettings.DEFAULTS,
            job(7, Optional.of(Duration.ofHours(2)), Optional.of(NOW.plus(Duration.ofHours(5)))));

    assertThat(ctx.jobs())
        .containsExactly(
            Map.entry(
                7L,
                new JobDeadline(
                    NOW.minusSeconds(600),
                    NOW.plus(Duration.ofHours(5)),
                    Duration.ofHours(2),
                    Duration.ZERO)));
    assertThat(ctx.policy()).get().extracting(p -> p.name()).isEqualTo("stratus");
    assertThat(ctx.interval()).isEqualTo(Duration.ofMinutes(10));
  }

  @Test
  void aJobWithoutDeadlineTakesItsPoolsDefaultAfterSubmission() {
    var settings =
        new DeadlineSettings(
            "uniform-progress",
            Duration.ofMinutes(5),
            Duration.ofMinutes(8),
            Map.of("gpu", Duration.ofHours(24)));

    DeadlineContext ctx =
        observe(settings, job(8, Optional.of(Duration.ofHours(2)), Optional.empty()));

    assertThat(ctx.jobs().get(8L).deadline())
        .isEqualTo(NOW.minusSeconds(600).plus(Duration.ofHours(24)));
    assertThat(ctx.changeover()).isEqualTo(Duration.ofMinutes(8));
  }

  @Test
  void aJobWithoutTimeLimitOrDeadlineIsLeftToThePoolsSpotPolicy() {
    DeadlineContext ctx =
        observe(
            DeadlineSettings.DEFAULTS,
            job(9, Optional.empty(), Optional.of(NOW.plus(Duration.ofHours(5)))),
            job(10, Optional.of(Duration.ofHours(1)), Optional.empty()));

    assertThat(ctx.jobs()).isEmpty();
  }

  @Test
  void theUnavailableRecordBecomesTheOfferingsSpotHistory() {
    DeadlineContext ctx = observe(DeadlineSettings.DEFAULTS);

    assertThat(ctx.history().get(SPOT.key()).availableAt(NOW)).contains(false);
  }

  @Test
  void policyOffLeavesEveryLaunchToThePools() {
    var off = new DeadlineSettings("off", Duration.ofMinutes(10), Duration.ZERO, Map.of());

    assertThat(
            observe(
                off, job(7, Optional.of(Duration.ofHours(2)), Optional.of(NOW.plusSeconds(9000)))))
        .isEqualTo(DeadlineContext.NONE);
  }
}
