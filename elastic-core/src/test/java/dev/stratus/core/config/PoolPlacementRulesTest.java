package dev.stratus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What stratus.yaml may say about where a job's nodes can come from, checked at load. */
class PoolPlacementRulesTest {
  @TempDir Path dir;

  static String twoCloudsInOnePartition(String slurm) {
    return """
        cluster: demo
        %s
        pools:
          - name: aws-h100
            partition: h100
            gpu: {model: h100, count: 8}
            cpus: 96
            memoryMiB: 1000000
            maxNodes: 4
            offerings:
              - {provider: aws, region: us-east-1, zone: us-east-1a, instanceType: p5.48xlarge, pricePerHour: 40}
          - name: azure-h100
            partition: h100
            gpu: {model: h100, count: 8}
            cpus: 96
            memoryMiB: 1000000
            maxNodes: 2
            offerings:
              - {provider: azure, region: eastus, zone: "1", instanceType: Standard_ND96isr_H100_v5}
        providers:
          aws: {}
          azure: {}
        """
        .formatted(slurm);
  }

  LoadedConfig load(String yaml) throws IOException {
    Path file = dir.resolve("stratus.yaml");
    Files.writeString(file, yaml);
    return ConfigLoader.loadAll(file, DeclaredKeysProviders.ALL);
  }

  @Test
  void twoPoolsInOnePartitionWithoutTopologyTreeAreRefusedSayingWhy() {
    assertThatThrownBy(() -> load(twoCloudsInOnePartition("slurm: {topology: none}")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("stratus.yaml:13:16: ")
        .hasMessageContaining("pools[1].partition")
        .hasMessageContaining(
            "pools 'aws-h100' and 'azure-h100' share partition 'h100': Slurm could give one job"
                + " nodes of both, and those cannot launch together in one provider and zone")
        .hasMessageContaining("set slurm.topology: tree");
  }

  @Test
  void twoPoolsInOnePartitionLoadWithTopologyTree() throws IOException {
    LoadedConfig c = load(twoCloudsInOnePartition("slurm: {topology: tree}"));

    assertThat(c.config().pools()).extracting(p -> p.partition()).containsExactly("h100", "h100");
  }

  @Test
  void theShippedMultiCloudExampleSharesAPartitionAndSaysTopologyTree() {
    StratusConfig c =
        ConfigLoader.load(
            Path.of("../config-templates/examples/stratus-multicloud.yaml"),
            DeclaredKeysProviders.ALL);

    assertThat(c.slurm().topology()).isEqualTo(SlurmSettings.Topology.TREE);
  }
}
