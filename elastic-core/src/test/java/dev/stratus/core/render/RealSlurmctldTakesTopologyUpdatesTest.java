package dev.stratus.core.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.SlurmSettings;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.controller.ReconfigureGate;
import dev.stratus.core.controller.TopologyUpdater;
import dev.stratus.core.slurm.CliSlurmClient;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.testkit.fake.FakeNodeProvider;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code slurm.topology: tree} the rendered include turns topology/tree on and the machine's
 * real slurmctld (22.05) takes the controller's rewritten topology.conf on {@code scontrol
 * reconfigure}, without a restart. (A base slurm.conf that said topology/none would conflict with
 * the include: {@link IncludeMerge}.)
 */
@Tag("slurm")
class RealSlurmctldTakesTopologyUpdatesTest {
  @TempDir Path dir;

  @Test
  void reconfigureMovesPlacedNodesUnderTheirRackSwitches() throws IOException {
    LoadedConfig example = ConfigLoaderPaths.exampleIn(dir);
    StratusConfig config =
        Fixtures.withTopologyTree(example.config(), example.config().slurm().slurmConf());
    Path topology = config.slurm().confDir().resolve(TopologyWriter.FILE);
    TopologyWriter.writeIfChanged(TopologyBuilder.build(config.pools(), Map.of()), topology);
    OfferingKey local = config.pools().get(0).offerings().get(0).key();
    FakeNodeProvider cloud = new FakeNodeProvider("local", List.of(), Clock.systemUTC());
    for (String node : List.of("gpu-001", "gpu-002", "gpu-003")) {
      cloud.inject(local, Map.of(Tags.CLUSTER, config.cluster(), Tags.NODE, node));
    }
    cloud.placeNode("gpu-001", List.of("spine", "rack-a"));
    cloud.placeNode("gpu-002", List.of("spine", "rack-a"));
    cloud.placeNode("gpu-003", List.of("spine", "rack-b"));

    try (var slurm =
        RenderedController.start(new LoadedConfig(config, example.gresAutodetect()), true)) {
      assertThat(slurm.scontrol("show", "config"))
          .containsPattern("TopologyPlugin\\s+= topology/tree");
      assertThat(slurm.scontrol("show", "topology")).contains("SwitchName=gpu-unplaced");

      new TopologyUpdater(
              config.slurm().version(),
              SlurmSettings.Topology.TREE,
              config.pools(),
              topology,
              new CliSlurmClient(config.slurm().binDir(), config.slurm().slurmConf()),
              Map.<String, NodeProvider>of("local", cloud),
              Clock.systemUTC(),
              ReconfigureGate.NEVER_WAITS)
          .update(cloud.list(config.cluster()), Set.of());

      String shown = slurm.scontrol("show", "topology");
      assertThat(shown)
          .containsPattern("SwitchName=spine-rack-a Level=0 LinkSpeed=\\d+ Nodes=gpu-\\[001-002\\]")
          .containsPattern("SwitchName=spine-rack-b Level=0 LinkSpeed=\\d+ Nodes=gpu-003")
          .containsPattern("SwitchName=gpu-unplaced Level=0 LinkSpeed=\\d+ Nodes=gpu-004")
          .containsPattern("SwitchName=stratus-root Level=2 .*Switches=");
    }
  }
}
