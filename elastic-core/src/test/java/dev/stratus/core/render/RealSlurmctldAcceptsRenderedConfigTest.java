package dev.stratus.core.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.hook.spool.HookKind;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Renders the shipped local example into a scratch directory and starts the machine's real
 * slurmctld (22.05) on it: the files must be accepted as they are, with the CLOUD nodes, GRES and
 * power-saving programs we meant.
 */
@Tag("slurm")
class RealSlurmctldAcceptsRenderedConfigTest {
  @TempDir Path dir;

  @Test
  void slurmctldStartsOnTheRenderedFilesAndShowsCloudNodesWithGpus() throws IOException {
    LoadedConfig loaded = ConfigLoaderPaths.exampleIn(dir);
    StratusConfig config = loaded.config();

    try (var slurm = RenderedController.start(loaded, false)) {
      String node = slurm.scontrol("-o", "show", "node", "gpu-001");
      assertThat(node)
          .contains("Gres=gpu:h100:8")
          .contains("CLOUD")
          .contains("POWERED_DOWN")
          .contains("AvailableFeatures=h100,gpu,on-demand,spot")
          .contains("Weight=2");
      assertThat(slurm.scontrol("-o", "show", "node", "a100-002"))
          .contains("Gres=gpu:a100:4")
          .contains("Weight=1");
      assertThat(slurm.scontrol("-o", "show", "partition", "gpu"))
          .contains("Nodes=gpu-[001-004]")
          .contains("Default=YES");
      assertThat(slurm.scontrol("-o", "show", "partition", "a100")).contains("Default=NO");
      assertThat(slurm.scontrol("show", "config"))
          .containsPattern(
              "ResumeProgram\\s+= "
                  + SlurmViews.launcher(config.powerSave(), HookKind.RESUME)
                  + "\n")
          .containsPattern("SuspendTime\\s+= 10 sec");
    }
  }
}
