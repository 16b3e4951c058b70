package dev.stratus.core.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/**
 * The JSON documents of Slurm 24.11.5, recorded from the e2e suite's cluster on the Debian 13 root
 * (slurm/24.11/*.json): what Stratus reads from them.
 */
class Slurm2411JsonTest {
  @Test
  void sinfoJsonListsNodeGroupsSoTheNodeListComesFromScontrolJson() {
    assertThat(SinfoJson.listsNodeGroups(Samples.read("24.11/sinfo.json"))).isTrue();
    assertThat(SinfoJson.listsNodeGroups(Samples.read("22.05/sinfo-lab.json"))).isFalse();

    Map<String, SlurmNode> nodes =
        SinfoJson.parse(Samples.read("24.11/scontrol-show-nodes.json")).stream()
            .collect(Collectors.toMap(SlurmNode::name, Function.identity()));

    assertThat(nodes).containsOnlyKeys("gpu-001", "gpu-002", "gpu-003", "gpu-004");
    SlurmNode node = nodes.get("gpu-002");
    assertThat(node.state()).isEqualTo("idle");
    assertThat(node.flags()).containsExactlyInAnyOrder("CLOUD", "POWERED_DOWN");
    assertThat(node.shortState()).isEqualTo("idle~");
    assertThat(node.poweredDown()).isTrue();
    assertThat(node.gres()).isEqualTo("gpu:h100:8");
    assertThat(node.partitions()).containsExactly("gpu");
    assertThat(node.availableFeatures())
        .containsExactlyInAnyOrder("h100", "gpu", "on-demand", "spot");
  }

  @Test
  void squeueJsonGivesTheStatesSqueuePrintsAConfiguringJobIsNotRunning() {
    List<SlurmJob> jobs = SqueueJson.parse(Samples.read("24.11/squeue.json"));

    assertThat(jobs)
        .extracting(SlurmJob::jobId, SlurmJob::state)
        .containsExactly(
            Tuple.tuple(1L, "COMPLETED"),
            Tuple.tuple(2L, "RUNNING"),
            Tuple.tuple(3L, "CONFIGURING"));
  }
}
