package dev.stratus.core.plan;

import static dev.stratus.core.testing.Fixtures.inPartition;
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
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A job's nodes launch together in one offering, or not at all: never split over pools. */
class OneJobOneOfferingTest {
  static final Offering AWS = offering("aws", "us-east-1a", CapacityType.ON_DEMAND, "98");
  static final Offering AZURE = offering("azure", "1", CapacityType.ON_DEMAND, "90");
  static final Pool AWS_H100 = inPartition(pool("aws-h100", 4, AWS), "h100");
  static final Pool AZURE_H100 = inPartition(pool("azure-h100", 2, AZURE), "h100");

  final Snapshots s = new Snapshots();

  OneJobOneOfferingTest() {
    s.pools.addAll(List.of(AWS_H100, AZURE_H100));
  }

  void poweringUp(String... names) {
    for (String n : names) {
      s.nodes.add(
          new SlurmNode(n, "mixed", Set.of("CLOUD", "POWERING_UP"), "", "", "", List.of("h100")));
    }
  }

  void resume(List<String> nodes, ResumeFile.JobNodes... jobs) {
    s.requests.add(new SpoolRequest("r1", HookKind.RESUME, nodes, List.of(jobs), s.now));
  }

  @Test
  void aJobSlurmGaveNodesOfTwoCloudsIsRefusedInsteadOfSplitAcrossThem() {
    poweringUp("aws-h100-001", "azure-h100-001");
    resume(
        List.of("aws-h100-001", "azure-h100-001"),
        new ResumeFile.JobNodes(7, "aws-h100-001,azure-h100-001"));

    List<Action> actions = Planner.plan(s.build());

    assertThat(actions).noneMatch(a -> a instanceof Action.Launch);
    assertThat(actions)
        .contains(
            new Action.SetDown(
                List.of("aws-h100-001", "azure-h100-001"),
                Reasons.of(
                    "job 7 got nodes of pools aws-h100, azure-h100, which cannot launch together"
                        + " in one provider and zone: give each pool its own partition, or set"
                        + " slurm.topology: tree")));
  }

  @Test
  void twoJobsOfOneRequestEachLaunchWholeInTheirOwnPool() {
    poweringUp("aws-h100-001", "aws-h100-002", "azure-h100-001");
    resume(
        List.of("aws-h100-001", "aws-h100-002", "azure-h100-001"),
        new ResumeFile.JobNodes(7, "aws-h100-[001-002]"),
        new ResumeFile.JobNodes(8, "azure-h100-001"));

    assertThat(launches())
        .containsExactly(
            "7 aws-h100 [aws-h100-001, aws-h100-002] [" + AWS.key() + "]",
            "8 azure-h100 [azure-h100-001] [" + AZURE.key() + "]");
  }

  @Test
  void nodesPoweredUpForNoJobLaunchPoolByPool() {
    poweringUp("aws-h100-001", "azure-h100-001");
    resume(List.of("aws-h100-001", "azure-h100-001"));

    assertThat(launches())
        .containsExactly(
            "0 aws-h100 [aws-h100-001] [" + AWS.key() + "]",
            "0 azure-h100 [azure-h100-001] [" + AZURE.key() + "]");
  }

  List<String> launches() {
    return Planner.plan(s.build()).stream()
        .filter(a -> a instanceof Action.Launch)
        .map(a -> (Action.Launch) a)
        .map(
            l ->
                l.jobId()
                    + " "
                    + l.pool()
                    + " "
                    + l.nodes()
                    + " "
                    + l.candidates().stream().map(Offering::key).toList())
        .toList();
  }
}
