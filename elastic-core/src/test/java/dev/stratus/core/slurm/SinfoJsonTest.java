package dev.stratus.core.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SinfoJsonTest {
  private static Map<String, SlurmNode> byName(List<SlurmNode> nodes) {
    return nodes.stream().collect(Collectors.toMap(SlurmNode::name, Function.identity()));
  }

  @Test
  void readsPoweredDownAndRunningCloudNodesFromTheLabSample() {
    Map<String, SlurmNode> nodes = byName(SinfoJson.parse(Samples.read("22.05/sinfo-lab.json")));

    assertThat(nodes).containsOnlyKeys("gpu-001", "gpu-002", "gpu-003", "gpu-004");
    SlurmNode down = nodes.get("gpu-001");
    assertThat(down.state()).isEqualTo("idle");
    assertThat(down.flags()).containsExactlyInAnyOrder("CLOUD", "POWERED_DOWN", "NOT_RESPONDING");
    assertThat(down.shortState()).isEqualTo("idle~");
    SlurmNode up = nodes.get("gpu-002");
    assertThat(up.address()).isEqualTo("10.77.0.12");
    assertThat(up.gres()).isEqualTo("gpu:h100:8");
    assertThat(up.partitions()).containsExactly("gpu");
    assertThat(up.wantsInstance()).isTrue();
  }

  @Test
  void readsDownReasonsDrainAndPoweringUpFromARealSlurmctld() {
    Map<String, SlurmNode> nodes =
        byName(SinfoJson.parse(Samples.read("22.05/sinfo-down-drain.json")));

    assertThat(nodes.get("gpu-001").shortState()).isEqualTo("down~");
    assertThat(nodes.get("gpu-001").reason()).isEqualTo("again down");
    assertThat(nodes.get("gpu-003").drained()).isTrue();
    assertThat(nodes.get("gpu-003").reason()).isEqualTo("maintenance = yes [planned]");
    assertThat(nodes.get("gpu-002").state()).isEqualTo("mixed");
    assertThat(nodes.get("gpu-002").poweringUp()).isTrue();
  }

  @Test
  void accepts2302StateArraysWithTheBaseStateFirst() {
    Map<String, SlurmNode> nodes = byName(SinfoJson.parse(Samples.read("23.02/sinfo.json")));

    assertThat(nodes.get("gpu-001").state()).isEqualTo("idle");
    assertThat(nodes.get("gpu-001").flags()).containsExactlyInAnyOrder("CLOUD", "POWERED_DOWN");
    assertThat(nodes.get("gpu-002").shortState()).isEqualTo("down~");
    assertThat(nodes.get("gpu-002").reason()).isEqualTo("ResumeTimeout reached");
    assertThat(nodes.get("gpu-003").partitions()).containsExactly("gpu", "all");
    assertThat(nodes.get("gpu-003").shortState()).isEqualTo("mixed#");
  }

  @Test
  void readsAvailableAndActiveFeaturesAsAStringIn2205AndAsArraysLater() {
    Map<String, SlurmNode> real =
        byName(SinfoJson.parse(Samples.read("22.05/sinfo-features.json")));
    Map<String, SlurmNode> later = byName(SinfoJson.parse(Samples.read("23.02/sinfo.json")));

    assertThat(real.get("n2").availableFeatures()).containsExactlyInAnyOrder("h100", "on-demand");
    assertThat(real.get("n2").activeFeatures()).containsExactlyInAnyOrder("h100", "on-demand");
    assertThat(real.get("n3").activeFeatures())
        .containsExactlyInAnyOrder("h100", "spot", "on-demand");
    assertThat(later.get("gpu-003").activeFeatures())
        .containsExactlyInAnyOrder("h100", "gpu", "spot");
    assertThat(later.get("gpu-001").activeFeatures()).isEmpty();
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "''                                  | sinfo --json: empty document",
        "'{\"nodes\": '                      | sinfo --json: not valid JSON",
        "'[]'                                | sinfo --json: expected a JSON object",
        "'{}'                                | sinfo --json: nodes: missing",
        "'{\"nodes\": {}}'                   | sinfo --json: nodes: expected an array",
        "'{\"nodes\": [{\"state\": \"idle\"}]}' | sinfo --json: nodes[0].name: missing",
        "'{\"nodes\": [{\"name\": \"a\"}]}'  | sinfo --json: nodes[0](a).state: missing",
        "'{\"nodes\": [{\"name\": \"a\", \"state\": 3}]}' | nodes[0](a).state: expected a string",
        "'{\"nodes\": [], \"errors\": [{\"error\": \"Unable to contact slurm controller\"}]}' | errors: [{\"error\":\"Unable to contact slurm controller\"}]",
      })
  void badDocumentsNameTheDocumentAndTheField(String json, String message) {
    assertThatThrownBy(() -> SinfoJson.parse(json))
        .isInstanceOf(SlurmCommandException.class)
        .hasMessageContaining(message);
  }
}
