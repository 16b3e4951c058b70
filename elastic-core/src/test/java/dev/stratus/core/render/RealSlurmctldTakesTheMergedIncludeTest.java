package dev.stratus.core.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.config.LoadedConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A site's slurm.conf with its own PrivateData, GresTypes, SlurmctldParameters and default
 * partition, the include rendered against it, and the machine's real slurmctld (22.05) on both: the
 * site keeps what it had and gains what Stratus needs.
 */
class RealSlurmctldTakesTheMergedIncludeTest {
  @TempDir Path dir;

  static final String SITE =
      """
      PrivateData=jobs,usage
      GresTypes=gpu,shard
      SlurmctldParameters=reboot_from_controller
      NodeName=cpu-01 NodeAddr=127.0.0.1 CPUs=1 RealMemory=100 State=UNKNOWN
      PartitionName=batch Nodes=cpu-01 Default=YES MaxTime=INFINITE State=UP
      """;

  @Test
  void theSitesSettingsAndDefaultPartitionStayAndStratusAddsItsOwn() throws IOException {
    LoadedConfig loaded = ConfigLoaderPaths.exampleIn(dir);

    try (var slurm = RenderedController.start(loaded, false, SITE)) {
      String config = slurm.scontrol("show", "config");
      assertThat(setting(config, "PrivateData"))
          .containsExactlyInAnyOrder("jobs", "usage", "cloud");
      assertThat(config)
          .containsPattern("GresTypes\\s+= gpu,shard\\n")
          .containsPattern(
              "SlurmctldParameters\\s+= reboot_from_controller,idle_on_node_suspend,"
                  + "cloud_reg_addrs,power_save_interval=1,power_save_min_interval=0,"
                  + "node_reg_mem_percent=100\\n");
      assertThat(slurm.scontrol("-o", "show", "partition", "batch")).contains("Default=YES");
      assertThat(slurm.scontrol("-o", "show", "partition", "gpu")).contains("Default=NO");
      assertThat(slurm.scontrol("-o", "show", "node", "gpu-001"))
          .contains("CLOUD")
          .contains("POWERED_DOWN");
      assertThat(
              Files.readString(
                  loaded.config().slurm().confDir().resolve(SlurmConfigWriter.INCLUDE_FILE)))
          .contains("\nPrivateData=jobs,usage,cloud\n");
    }
  }

  /** The comma-separated words of one line of {@code scontrol show config}. */
  static List<String> setting(String config, String key) {
    return config
        .lines()
        .filter(l -> l.startsWith(key + " "))
        .map(l -> l.substring(l.indexOf('=') + 1).strip())
        .flatMap(v -> Arrays.stream(v.split(",")))
        .toList();
  }
}
