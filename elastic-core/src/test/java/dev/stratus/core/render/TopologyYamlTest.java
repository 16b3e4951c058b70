package dev.stratus.core.render;

import static dev.stratus.core.testing.Fixtures.inPartition;
import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Pool;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.SlurmSettings;
import dev.stratus.core.config.SlurmVersion;
import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * topology.yaml from Slurm 25.05 (measured on 26.05.5, docs/slurm-facts.md): a flat default for the
 * site's partitions, one topology per Stratus partition that its PartitionName line names, and no
 * TopologyPlugin; 24.11 keeps topology.conf.
 */
class TopologyYamlTest {
  static final Pool A = pool("a", 2, offering("aws", "a", CapacityType.SPOT, "30"));
  static final Pool B =
      inPartition(pool("b", 2, offering("gcp", "a", CapacityType.SPOT, "30")), "a");
  static final Pool C = pool("c", 2, offering("azure", "a", CapacityType.SPOT, "30"));

  @TempDir Path dir;

  static JsonNode parse(String yaml) throws IOException {
    return new YAMLMapper().readTree(yaml);
  }

  static JsonNode topology(JsonNode all, String name) {
    for (JsonNode t : all) {
      if (t.path("topology").asText().equals(name)) {
        return t;
      }
    }
    throw new AssertionError("no topology " + name + " in " + all);
  }

  static Map<String, JsonNode> switches(JsonNode topology) {
    Map<String, JsonNode> byName = new TreeMap<>();
    topology.path("tree").path("switches").forEach(s -> byName.put(s.path("switch").asText(), s));
    return byName;
  }

  LoadedConfig config(String version, String topology) throws IOException {
    Path site = dir.resolve("slurm.conf");
    Files.writeString(site, "ClusterName=c\n");
    Path yaml = dir.resolve("stratus.yaml");
    Files.writeString(
        yaml,
        Files.readString(CloudInitTest.INPUT)
            .replace(
                "slurm:\n",
                "slurm:\n  version: \"" + version + "\"\n  topology: " + topology + "\n")
            .replace("slurmConf: /etc/slurm/slurm.conf", "slurmConf: " + site));
    return ConfigLoader.loadAll(yaml, DeclaredKeysProviders.ALL);
  }

  @Test
  void slurm2505IsTheFirstToReadTopologyYaml() {
    assertThat(new SlurmVersion(24, 11).takesTopologyYaml()).isFalse();
    assertThat(new SlurmVersion(25, 5).takesTopologyYaml()).isTrue();
    assertThat(TopologyWriter.fileFor(new SlurmVersion(26, 5))).isEqualTo("topology.yaml");
    assertThat(TopologyWriter.fileFor(new SlurmVersion(24, 11))).isEqualTo("topology.conf");
  }

  @Test
  void onSlurm2605EachPartitionNamesItsOwnTopologyAndNoPluginIsSet() throws IOException {
    LoadedConfig loaded = config("26.05", "tree");

    List<Path> written = SlurmConfigWriter.write(loaded, dir.resolve("etc"));
    String include = Files.readString(written.get(0));

    assertThat(include)
        .containsPattern("(?m)^PartitionName=aws-h100 .*Topology=stratus-aws-h100 ")
        .containsPattern("(?m)^PartitionName=gcp-a100 .*Topology=stratus-gcp-a100 ")
        .doesNotContain("TopologyPlugin");
    assertThat(written).contains(dir.resolve("etc/topology.yaml"));
    assertThat(dir.resolve("etc/topology.conf")).doesNotExist();
    JsonNode all = parse(Files.readString(dir.resolve("etc/topology.yaml")));
    assertThat(all.get(0).path("topology").asText()).isEqualTo("default");
    assertThat(all.get(0).path("cluster_default").asBoolean()).isTrue();
    assertThat(all.get(0).path("flat").asBoolean()).isTrue();
    Map<String, JsonNode> aws = switches(topology(all, "stratus-aws-h100"));
    assertThat(aws.get("stratus-root").path("children").asText()).isEqualTo("aws-h100-unplaced");
    assertThat(aws.get("aws-h100-unplaced").path("nodes").asText()).startsWith("aws-h100-");
  }

  @Test
  void slurm2411KeepsTopologyConfAndThePlugin() throws IOException {
    LoadedConfig loaded = config("24.11", "tree");

    SlurmConfigWriter.write(loaded, dir.resolve("etc"));

    assertThat(Files.readString(dir.resolve("etc").resolve(SlurmConfigWriter.INCLUDE_FILE)))
        .contains("TopologyPlugin=topology/tree")
        .doesNotContain("Topology=stratus-");
    assertThat(dir.resolve("etc/topology.conf")).exists();
    assertThat(dir.resolve("etc/topology.yaml")).doesNotExist();
  }

  @Test
  void poolsSharingAPartitionKeepTreesOfTheirOwnInItsTopology() throws IOException {
    String text =
        TopologyYaml.render(
            SlurmSettings.Topology.TREE,
            List.of(A, B, C),
            Map.of("a-001", List.of("spine", "rack-1"), "c-002", List.of("spine", "rack-9")));

    JsonNode all = parse(text);
    assertThat(all).hasSize(3);
    Map<String, JsonNode> shared = switches(topology(all, "stratus-a"));
    assertThat(shared).doesNotContainKey("stratus-root");
    assertThat(shared.get("a").path("children").asText()).isEqualTo("a-spine,a-unplaced");
    assertThat(shared.get("a-spine-rack-1").path("nodes").asText()).isEqualTo("a-001");
    assertThat(shared.get("b").path("children").asText()).isEqualTo("b-unplaced");
    Map<String, JsonNode> own = switches(topology(all, "stratus-c"));
    assertThat(own.get("stratus-root").path("children").asText()).isEqualTo("c-unplaced,spine");
    assertThat(own.get("spine-rack-9").path("nodes").asText()).isEqualTo("c-002");
    assertThat(own.get("c-unplaced").path("nodes").asText()).isEqualTo("c-001");
    assertThat(own.get("spine").has("nodes")).as("a switch above leaves lists no nodes").isFalse();
  }

  @Test
  void blocksGetTheirSizesAndEachPartitionItsOwnBlocks() throws IOException {
    String text =
        TopologyYaml.render(
            SlurmSettings.Topology.BLOCK,
            List.of(A, C),
            Map.of("a-001", List.of("nvl-1"), "a-002", List.of("nvl-1")));

    JsonNode blocks = topology(parse(text), "stratus-a").path("block");
    assertThat(blocks.path("block_sizes").get(0).asInt()).isPositive();
    assertThat(blocks.path("blocks").get(0).path("nodes").asText()).isEqualTo("a-[001-002]");
    assertThat(topology(parse(text), "stratus-c").path("block").path("blocks")).hasSize(1);
    assertThat(text).startsWith("# generated by stratus");
  }
}
