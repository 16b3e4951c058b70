package dev.stratus.core.render;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Pool;
import dev.stratus.core.config.SlurmSettings;
import dev.stratus.templates.BlockView;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BlockBuilderTest {
  static final Pool GPU = pool("gpu", 4, offering("local", "a", CapacityType.SPOT, "30"));
  static final Pool GB = pool("gb", 3, offering("gcp", "a", CapacityType.SPOT, "30"));

  @Test
  void nodesOnTheSameLeafFormOneBlockAndBlockSizesIsTheSmallestBlock() {
    String text =
        TopologyWriter.render(
            SlurmSettings.Topology.BLOCK,
            List.of(GPU),
            Map.of(
                "gpu-001", List.of("spine", "rack-a"),
                "gpu-002", List.of("spine", "rack-a"),
                "gpu-003", List.of("spine", "rack-b"),
                "gpu-004", List.of("spine", "rack-b")));

    assertThat(text)
        .endsWith(
            "BlockName=gpu-spine-rack-a Nodes=gpu-[001-002]\n"
                + "BlockName=gpu-spine-rack-b Nodes=gpu-[003-004]\n"
                + "BlockSizes=2\n");
  }

  @Test
  void unplacedSlotsShareTheirPoolsBlockAndPoolsNeverShareOne() {
    BlockView view =
        BlockBuilder.build(
            List.of(GPU, GB),
            Map.of(
                "gpu-001", List.of("cluster-1", "rack-7"),
                "gb-001", List.of("cluster-1", "rack-7"),
                "gb-002", List.of("cluster-1", "rack-7")));

    assertThat(view.blocks())
        .extracting(b -> b.name() + " " + b.nodes())
        .containsExactly(
            "gb-cluster-1-rack-7 gb-[001-002]",
            "gb-unplaced gb-003",
            "gpu-cluster-1-rack-7 gpu-001",
            "gpu-unplaced gpu-[002-004]");
    assertThat(view.baseBlockSize()).isEqualTo(1);
  }

  @Test
  void withNoPlacementEachPoolIsOneBlockOfAllItsSlots() {
    BlockView view = BlockBuilder.build(List.of(GPU), Map.of());

    assertThat(view.blocks())
        .singleElement()
        .satisfies(b -> assertThat(b.nodes()).isEqualTo("gpu-[001-004]"));
    assertThat(view.baseBlockSize()).isEqualTo(4);
  }

  @Test
  void aLongLeafKeepsItsEndAndStaysWithinSlurmsNameLimit() {
    BlockView view =
        BlockBuilder.build(
            List.of(GPU), Map.of("gpu-001", List.of("nn-" + "0123456789".repeat(4), "nn-last")));

    assertThat(view.blocks().get(0).name())
        .hasSizeLessThanOrEqualTo(TopologyBuilder.MAX_NAME)
        .contains("nn-last");
  }

  @Test
  void aBlockSmallerThanTheBaseSizeIsRefusedBeforeSlurmctldSeesIt() {
    assertThatThrownBy(
            () ->
                new BlockView(
                    List.of(
                        new BlockView.Block("rack-a", "n[1-2]", 2),
                        new BlockView.Block("rack-b", "n3", 1)),
                    2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("block rack-b has 1 node(s), fewer than the base block size 2");
  }
}
