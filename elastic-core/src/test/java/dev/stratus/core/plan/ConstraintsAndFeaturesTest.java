package dev.stratus.core.plan;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.SpotPolicy;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.Snapshots;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolRequest;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A job's {@code --constraint} decides the capacity type it is launched as, and each node then
 * advertises the type it runs on.
 */
class ConstraintsAndFeaturesTest {
  static final Offering SPOT = offering("fake", "a", CapacityType.SPOT, "30");
  static final Offering ON_DEMAND = offering("fake", "a", CapacityType.ON_DEMAND, "98");
  static final Set<String> ALL = Set.of("h100", "gpu", "spot", "on-demand");

  final Snapshots s = new Snapshots();

  ConstraintsAndFeaturesTest() {
    s.pools.add(pool("gpu", 4, SPOT, ON_DEMAND));
  }

  void jobWants(long id, String constraint, String node) {
    s.jobs.add(
        new SlurmJob(
            id,
            "train",
            "CONFIGURING",
            "",
            "gpu",
            node,
            1,
            "",
            0,
            true,
            Optional.empty(),
            SlurmJob.Accounting.NONE,
            constraint));
    s.nodes.add(node(node, Set.of("CLOUD", "POWERING_UP"), ALL));
    s.requests.add(
        new SpoolRequest(
            "r" + id,
            HookKind.RESUME,
            List.of(node),
            List.of(new ResumeFile.JobNodes(id, node)),
            s.now));
  }

  static SlurmNode node(String name, Set<String> flags, Set<String> features) {
    return new SlurmNode(
        name, "idle", flags, "", "", "gpu:h100:8", List.of("gpu"), features, features);
  }

  /** Each launched job's candidate offerings, by job id. */
  Map<Long, List<Offering>> candidates() {
    return Planner.plan(s.build()).stream()
        .filter(a -> a instanceof Action.Launch)
        .map(a -> (Action.Launch) a)
        .collect(Collectors.toMap(Action.Launch::jobId, Action.Launch::candidates));
  }

  @Test
  void aJobConstrainedToOnDemandIsNeverOfferedTheCheaperSpot() {
    jobWants(7, "on-demand", "gpu-001");
    jobWants(8, "spot", "gpu-002");
    jobWants(9, "", "gpu-003");
    jobWants(10, "h100&(on-demand|a100)", "gpu-004");

    assertThat(candidates())
        .containsOnly(
            Map.entry(7L, List.of(ON_DEMAND)),
            Map.entry(8L, List.of(SPOT)),
            Map.entry(9L, List.of(SPOT, ON_DEMAND)),
            Map.entry(10L, List.of(ON_DEMAND)));
  }

  @Test
  void aConstraintNoOfferingOfThePoolCanMeetSetsTheNodeDownSayingSo() {
    s.pools.set(0, PlannerTest.withPolicy(s.pools.get(0), SpotPolicy.SPOT_ONLY));
    jobWants(7, "on-demand", "gpu-001");

    assertThat(Planner.plan(s.build()))
        .contains(
            new Action.SetDown(
                List.of("gpu-001"),
                Reasons.of(
                    "job 7's constraint 'on-demand' matches no offering of pool gpu that its spot"
                        + " policy spot-only allows")));
  }

  @Test
  void whenTheOfferingsAConstraintAllowsHaveNoCapacityTheReasonNamesTheConstraint() {
    s.unavailable.add(ON_DEMAND.key());
    jobWants(7, "on-demand", "gpu-001");

    assertThat(Planner.plan(s.build()))
        .contains(
            new Action.SetDown(
                List.of("gpu-001"),
                Reasons.of(
                    "no offering of pool gpu that job 7's constraint 'on-demand' allows has"
                        + " capacity now")));
  }

  @Test
  void aNodeRunningOnSpotAdvertisesSpotOnlyAndAPoweredDownOneEveryType() {
    s.nodes.add(node("gpu-001", Set.of("CLOUD"), ALL));
    s.nodes.add(node("gpu-002", Set.of("CLOUD"), ALL));
    s.nodes.add(node("gpu-003", Set.of("CLOUD", "POWERED_DOWN"), Set.of("h100", "gpu", "spot")));
    s.nodes.add(node("gpu-004", Set.of("CLOUD", "POWERED_DOWN"), ALL));
    s.instances.add(s.running("i-1", "gpu-001", SPOT.key()));
    s.instances.add(s.running("i-2", "gpu-002", ON_DEMAND.key()));

    assertThat(Planner.plan(s.build()))
        .containsExactly(
            new Action.SetFeatures(
                List.of("gpu-001"), List.of("h100", "gpu", "spot"), "launched as spot"),
            new Action.SetFeatures(
                List.of("gpu-002"), List.of("h100", "gpu", "on-demand"), "launched as on-demand"),
            new Action.SetFeatures(
                List.of("gpu-003"),
                List.of("h100", "gpu", "on-demand", "spot"),
                "powered down: every capacity type its pool sells"));
  }

  @Test
  void nodesWhoseFeaturesAreRightOrUnknownAreLeftAlone() {
    s.nodes.add(node("gpu-001", Set.of("CLOUD"), Set.of("h100", "gpu", "spot")));
    s.nodes.add(node("gpu-002", Set.of("CLOUD", "POWERED_DOWN"), Set.of()));
    s.instances.add(s.running("i-1", "gpu-001", SPOT.key()));

    assertThat(Planner.plan(s.build())).noneMatch(a -> a instanceof Action.SetFeatures);
  }
}
