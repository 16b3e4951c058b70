package dev.stratus.core.plan;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.Snapshots;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolRequest;
import dev.stratus.policy.AvailabilityHistory;
import dev.stratus.policy.DeadlinePolicy;
import dev.stratus.policy.Greedy;
import dev.stratus.policy.StratusDeadlinePolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A deadline job's launch candidates follow the deadline policy's decision, with its reason. */
class DeadlineChoiceTest {
  static final Offering SPOT_A = offering("aws", "zone-a", CapacityType.SPOT, "30");
  static final Offering SPOT_B = offering("aws", "zone-b", CapacityType.SPOT, "25");
  static final Offering ON_DEMAND_A = offering("aws", "zone-a", CapacityType.ON_DEMAND, "98");
  static final Pool GPU = pool("gpu", 4, SPOT_A, SPOT_B, ON_DEMAND_A);

  final Snapshots s = new Snapshots();

  DeadlineChoiceTest() {
    s.pools.add(GPU);
    s.nodes.add(
        new SlurmNode(
            "gpu-001", "mixed", Set.of("CLOUD", "POWERING_UP"), "", "", "", List.of("gpu")));
    s.requests.add(
        new SpoolRequest(
            "r1",
            HookKind.RESUME,
            List.of("gpu-001"),
            List.of(new ResumeFile.JobNodes(7, "gpu-001")),
            s.now));
  }

  void deadline(DeadlinePolicy policy, Duration workLeft, Duration dueIn) {
    Duration work = Duration.ofHours(48);
    s.deadlines =
        new DeadlineContext(
            Optional.of(policy),
            Duration.ofMinutes(10),
            Duration.ofMinutes(12),
            Map.of(
                7L,
                new JobDeadline(
                    s.now.minus(Duration.ofHours(1)),
                    s.now.plus(dueIn),
                    work,
                    work.minus(workLeft))),
            Map.of(SPOT_B.key(), AvailabilityHistory.builder().observe(s.now, true).snapshot()));
  }

  Action.Launch launch() {
    return Planner.plan(s.build()).stream()
        .filter(a -> a instanceof Action.Launch)
        .map(a -> (Action.Launch) a)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aJobWithoutADeadlineKeepsThePoolsSpotFirstOrder() {
    Action.Launch l = launch();

    assertThat(l.candidates()).containsExactly(SPOT_B, SPOT_A, ON_DEMAND_A);
    assertThat(l.reason()).doesNotContain("deadline");
  }

  @Test
  void aDeadlineWithAmpleSlackAndSpotAvailableLaunchesOnSpotOnlyTheChosenOneFirst() {
    deadline(new Greedy(), Duration.ofHours(10), Duration.ofHours(40));

    Action.Launch l = launch();

    assertThat(l.candidates()).containsExactly(SPOT_B, SPOT_A);
    assertThat(l.reason())
        .contains("of work left: greedy: spot is available")
        .doesNotContain("greedy: greedy")
        .endsWith("spot only")
        .contains("10.0 h of work left");
  }

  @Test
  void aDeadlineWithNoSlackLeftGoesToOnDemandOnlyWhateverSpotOffers() {
    deadline(new StratusDeadlinePolicy(), Duration.ofHours(10), Duration.ofMinutes(620));

    Action.Launch l = launch();

    assertThat(l.candidates()).containsExactly(ON_DEMAND_A);
    assertThat(l.reason()).contains("safety net").endsWith("on-demand only");
  }

  @Test
  void spotMarkedUnavailableWithSlackStillDearLaunchesOnDemand() {
    s.unavailable.addAll(Set.of(SPOT_A.key(), SPOT_B.key()));
    deadline(new StratusDeadlinePolicy(), Duration.ofHours(10), Duration.ofMinutes(700));

    Action.Launch l = launch();

    assertThat(l.candidates()).containsExactly(ON_DEMAND_A);
    assertThat(l.reason())
        .contains("of work left: stratus: ")
        .doesNotContain("stratus: stratus")
        .contains("on-demand only");
  }

  @Test
  void aPolicyThatWaitsForSpotWhenNoneIsUsableSetsTheNodesDownWithItsReason() {
    s.unavailable.addAll(Set.of(SPOT_A.key(), SPOT_B.key()));
    deadline(new Greedy(), Duration.ofHours(10), Duration.ofHours(40));

    List<Action> actions = Planner.plan(s.build());

    assertThat(actions).noneMatch(a -> a instanceof Action.Launch);
    assertThat(actions)
        .filteredOn(a -> a instanceof Action.SetDown)
        .singleElement()
        .satisfies(
            a -> assertThat(a.reason()).startsWith("stratus: deadline ").contains("waiting"));
  }

  @Test
  void aPassedDeadlineRunsOnDemand() {
    deadline(new Greedy(), Duration.ofHours(10), Duration.ofHours(40));
    s.now = s.now.plus(Duration.ofHours(41));

    Action.Launch l = launch();

    assertThat(l.candidates()).containsExactly(ON_DEMAND_A);
    assertThat(l.reason()).contains("the deadline has passed");
  }
}
