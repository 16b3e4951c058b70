package dev.stratus.cli;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Tags;
import dev.stratus.core.plan.DeadlineStatus;
import dev.stratus.core.slurm.SlurmNode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StatusReportTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  @Test
  void showsNodesWithInstancesAndNamesEveryMismatch() {
    var o = offering("fake", "a", CapacityType.SPOT, "30");
    List<SlurmNode> nodes =
        List.of(
            node("gpu-001", "allocated", "CLOUD"),
            node("gpu-002", "idle", "CLOUD"),
            node("gpu-003", "idle", "CLOUD", "POWERED_DOWN"));
    List<Instance> instances =
        List.of(
            new Instance(
                "i-1",
                o.key(),
                InstanceState.RUNNING,
                NOW.minusSeconds(90),
                "10.0.0.5",
                Map.of(Tags.NODE, "gpu-001")),
            new Instance(
                "i-3",
                o.key(),
                InstanceState.RUNNING,
                NOW.minusSeconds(30),
                "",
                Map.of(Tags.NODE, "gpu-003")));

    StatusReport report = StatusReport.of("c", List.of(pool("gpu", 3, o)), nodes, instances, NOW);

    assertThat(report.lines())
        .anyMatch(l -> l.contains("gpu-001") && l.contains("allocated") && l.contains("i-1"))
        .anyMatch(l -> l.contains("i-1") && l.contains("age=90s"));
    assertThat(report.mismatches())
        .containsExactlyInAnyOrder(
            "gpu-002: powered up in Slurm but no instance",
            "i-3: instance for node gpu-003 which Slurm has powered down");
  }

  @Test
  void aConsistentClusterHasNoMismatch() {
    var o = offering("fake", "a", CapacityType.SPOT, "30");
    StatusReport report =
        StatusReport.of(
            "c",
            List.of(pool("gpu", 1, o)),
            List.of(node("gpu-001", "idle", "CLOUD", "POWERED_DOWN")),
            List.of(),
            NOW);

    assertThat(report.mismatches()).isEmpty();
    assertThat(report.lines()).contains("mismatches: none");
  }

  @Test
  void eachDeadlineJobShowsTheDecisionWhereItRunsItsProgressAgainstTheDeadlineAndWhy() {
    var o = offering("fake", "a", CapacityType.SPOT, "30");
    var moving =
        new DeadlineStatus(
            7,
            "move to spot",
            "fake/r/a/gpu8",
            "on-demand at fake/r/a/gpu8",
            "job 7 moves from on-demand at fake/r/a/gpu8 to spot: uniform progress: spot is"
                + " available",
            NOW.minusSeconds(3600),
            NOW.plusSeconds(3600),
            Duration.ofMinutes(60),
            Duration.ofMinutes(45),
            NOW);
    var waiting =
        new DeadlineStatus(
            8,
            "on-demand",
            "fake/r/a/gpu8",
            "",
            "deadline ...: uniform progress: behind schedule and no spot; on-demand only",
            NOW.minusSeconds(3000),
            NOW.plusSeconds(600),
            Duration.ofMinutes(50),
            Duration.ZERO,
            NOW);

    StatusReport report =
        StatusReport.of(
            "c", List.of(pool("gpu", 1, o)), List.of(), List.of(), List.of(moving, waiting), NOW);

    assertThat(report.lines())
        .containsSubsequence(
            "deadline jobs:",
            "  job 7        move to spot fake/r/a/gpu8 (runs on on-demand at fake/r/a/gpu8)",
            "    progress 75% of 1.0 h (45.0 min done), due 2026-11-21T13:00:00Z; 50% of the"
                + " time to it gone: ahead; decided 2026-11-21T12:00:00Z",
            "    why: job 7 moves from on-demand at fake/r/a/gpu8 to spot: uniform progress: spot"
                + " is available",
            "  job 8        on-demand fake/r/a/gpu8",
            "    progress 0% of 50.0 min (0 s done), due 2026-11-21T12:10:00Z; 83% of the time to"
                + " it gone: behind; decided 2026-11-21T12:00:00Z");
    assertThat(report.mismatches()).noneMatch(m -> m.contains("job"));
  }

  @Test
  void withoutDeadlineJobsTheSectionSaysNone() {
    var o = offering("fake", "a", CapacityType.SPOT, "30");

    assertThat(StatusReport.of("c", List.of(pool("gpu", 1, o)), List.of(), List.of(), NOW).lines())
        .contains("deadline jobs: none");
  }

  static SlurmNode node(String name, String state, String... flags) {
    return new SlurmNode(name, state, Set.of(flags), "", "", "", List.of());
  }
}
