package dev.stratus.core.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.core.config.ConfigException;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.SlurmVersion;
import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code slurm.version} decides what the include may say: 24.11's slurmctld logs {@code
 * cloud_reg_addrs} as defunct (it is always on from 23.11), 22.05 needs it.
 */
class SlurmVersionRenderTest {
  @TempDir Path dir;

  LoadedConfig withVersion(String line) throws IOException {
    Path yaml = dir.resolve("stratus.yaml");
    String text = Files.readString(CloudInitTest.INPUT);
    Files.writeString(yaml, text.replace("slurm:\n", "slurm:\n" + line));
    return ConfigLoader.loadAll(yaml, DeclaredKeysProviders.ALL);
  }

  @Test
  void slurm2411GetsNoCloudRegAddrs() throws IOException {
    LoadedConfig loaded = withVersion("  version: \"24.11\"\n");

    assertThat(loaded.config().slurm().version()).isEqualTo(new SlurmVersion(24, 11));
    assertThat(SlurmConfigWriter.renderInclude(loaded))
        .contains("SlurmctldParameters=idle_on_node_suspend,node_reg_mem_percent=100\n")
        .doesNotContain("cloud_reg_addrs");
  }

  @Test
  void slurm2205AndTheDefaultKeepCloudRegAddrs() throws IOException {
    String expected = "SlurmctldParameters=idle_on_node_suspend,cloud_reg_addrs,";
    assertThat(SlurmConfigWriter.renderInclude(withVersion("  version: \"22.05\"\n")))
        .contains(expected);
    LoadedConfig unset = withVersion("");
    assertThat(unset.config().slurm().version()).isEqualTo(SlurmVersion.DEFAULT);
    assertThat(SlurmConfigWriter.renderInclude(unset)).contains(expected);
  }

  @Test
  void topologyBlockOn2411RendersTheBlockPluginAndAFirstBlockFile() throws IOException {
    LoadedConfig loaded = withVersion("  version: \"24.11\"\n  topology: block\n");
    Path out = Files.createDirectories(dir.resolve("etc"));

    SlurmConfigWriter.write(loaded, out);

    assertThat(SlurmConfigWriter.renderInclude(loaded)).contains("TopologyPlugin=topology/block\n");
    assertThat(Files.readString(out.resolve(TopologyWriter.FILE)))
        .containsPattern("BlockName=\\S+-unplaced Nodes=")
        .contains("BlockSizes=")
        .doesNotContain("SwitchName");
  }

  @Test
  void topologyBlockBefore2311IsRefusedNamingBothSettings() {
    assertThatThrownBy(() -> withVersion("  version: \"23.02\"\n  topology: block\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("topology")
        .hasMessageContaining("23.11")
        .hasMessageContaining("slurm.version is 23.02");
    assertThatThrownBy(() -> withVersion("  topology: block\n"))
        .hasMessageContaining("slurm.version is 22.05");
  }

  @Test
  void aVersionThatIsNoReleaseIsRefusedByName() {
    assertThatThrownBy(() -> withVersion("  version: latest\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("version")
        .hasMessageContaining("'latest'");
  }

  @Test
  void releasesCompareAndParseFromTheDaemonsBanner() {
    assertThat(SlurmVersion.fromBanner("slurm-wlm 24.11.5")).isEqualTo(new SlurmVersion(24, 11));
    assertThat(SlurmVersion.fromBanner("slurm 22.05.8")).isEqualTo(SlurmVersion.DEFAULT);
    assertThat(SlurmVersion.parse("23.11").takesCloudRegAddrs()).isFalse();
    assertThat(SlurmVersion.parse("23.02.7").takesCloudRegAddrs()).isTrue();
    assertThat(new SlurmVersion(24, 11)).hasToString("24.11");
    assertThatThrownBy(() -> SlurmVersion.fromBanner("slurmctld: no version"))
        .hasMessageContaining("no Slurm release");
  }
}
