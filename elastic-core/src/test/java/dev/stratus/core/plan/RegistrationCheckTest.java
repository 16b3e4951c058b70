package dev.stratus.core.plan;

import static dev.stratus.core.testing.Fixtures.offering;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.core.slurm.SinfoJson;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.Snapshots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A node that registered with less than its NodeName line: Slurm's verdict as a real slurmctld
 * 22.05 gave it (the sample's n5 and n6, renamed to pool slots).
 */
class RegistrationCheckTest {
  static final Offering SPOT = offering("fake", "a", CapacityType.SPOT, "30");
  static final Pool POOL = new Pool("gpu", "gpu", "h100", 4, 4, 30000, 2, List.of(SPOT));

  final Snapshots s = new Snapshots();

  RegistrationCheckTest() {
    s.pools.add(POOL);
  }

  static SlurmNode sample(String name, String as) throws IOException {
    String json =
        Files.readString(Path.of("src/test/resources/slurm/22.05/sinfo-invalid-registration.json"));
    SlurmNode n =
        SinfoJson.parse(json).stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
    return new SlurmNode(
        as,
        n.state(),
        n.flags(),
        n.reason(),
        n.address(),
        n.gres(),
        List.of("gpu"),
        n.availableFeatures(),
        n.activeFeatures());
  }

  @Test
  void aNodeShortOfCpusMemoryAndGpusIsSetDownSayingWhatItHasAndItsInstanceAndOfferingGo()
      throws IOException {
    s.nodes.add(sample("n5", "gpu-001"));
    s.instances.add(s.running("i-1", "gpu-001", SPOT.key()));
    String what =
        "registered short of pool gpu: 24105 MiB memory < 30000; 2 GPUs < 4 h100; fewer CPUs than 4";

    List<Action> actions = Planner.plan(s.build());

    assertThat(actions)
        .contains(
            new Action.SetDown(
                List.of("gpu-001"),
                Reasons.of(what + "; instance terminated, offering marked invalid")),
            new Action.Terminate(List.of("i-1"), "gpu-001 " + what),
            new Action.OfferingInvalid(SPOT.key(), "gpu-001 " + what));
  }

  @Test
  void aFewMegabytesShortIsShortToo() throws IOException {
    s.nodes.add(sample("n6", "gpu-002"));
    s.instances.add(s.running("i-2", "gpu-002", SPOT.key()));

    assertThat(Planner.plan(s.build()))
        .contains(
            new Action.SetDown(
                List.of("gpu-002"),
                Reasons.of(
                    "registered short of pool gpu: 24105 MiB memory < 30000; 2 GPUs < 4 h100;"
                        + " instance terminated, offering marked invalid")));
  }

  @Test
  void anInvalidNodeWhoseInstanceIsAlreadyGoneIsLeftToTheDownHold() throws IOException {
    s.nodes.add(sample("n5", "gpu-001"));

    assertThat(Planner.plan(s.build()))
        .noneMatch(a -> a instanceof Action.OfferingInvalid || a instanceof Action.Terminate);
  }
}
