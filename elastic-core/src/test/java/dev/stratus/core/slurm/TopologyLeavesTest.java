package dev.stratus.core.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each node's leaf in {@code scontrol show topology NAME} as 26.05.5 prints it. */
class TopologyLeavesTest {
  @Test
  void aTreeGivesEachNodeItsLevelZeroSwitchAndSkipsEmptyOnes() {
    String shown =
        "SwitchName=spine Level=1 LinkSpeed=0 Nodes=gpu-[001-004] Switches=rack-a,rack-b,rack-c\n"
            + "SwitchName=rack-a Level=0 LinkSpeed=0 Nodes=\n"
            + "SwitchName=rack-b Level=0 LinkSpeed=0 Nodes=gpu-[001,003-004]\n"
            + "SwitchName=rack-c Level=0 LinkSpeed=0 Nodes=gpu-002\n";

    assertThat(TopologyLeaves.parse(shown))
        .isEqualTo(
            Map.of(
                "gpu-001", "rack-b", "gpu-002", "rack-c", "gpu-003", "rack-b", "gpu-004",
                "rack-b"));
  }

  @Test
  void blocksGiveTheBlockAndAggregatedBlocksAreSkipped() {
    String shown =
        "BlockName=b1 BlockIndex=0 Nodes=gpu-002 BlockSize=2\n"
            + "BlockName=b2 BlockIndex=1 Nodes=gpu-[001,003-004] BlockSize=2\n"
            + "AggregatedBlock=b1,b2 BlockIndex=2 Nodes=gpu-[001-004] BlockSize=4\n";

    assertThat(TopologyLeaves.parse(shown))
        .containsEntry("gpu-002", "b1")
        .containsEntry("gpu-001", "b2")
        .hasSize(4);
  }

  @Test
  void aFlatTopologyHasNoLeaves() {
    assertThat(TopologyLeaves.parse("\n")).isEmpty();
  }
}
