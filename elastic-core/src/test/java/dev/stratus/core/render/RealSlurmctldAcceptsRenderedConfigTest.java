package dev.stratus.core.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.model.Pool;
import dev.stratus.core.spool.HookKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Renders the shipped local example into a scratch directory and starts the machine's real
 * slurmctld (22.05) on it: the files must be accepted as they are, with the CLOUD nodes, GRES and
 * power-saving programs we meant.
 */
class RealSlurmctldAcceptsRenderedConfigTest {
  @TempDir Path dir;

  @Test
  void slurmctldStartsOnTheRenderedFilesAndShowsCloudNodesWithGpus() throws IOException {
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path yaml = dir.resolve("stratus.yaml");
    Files.copy(ConfigLoaderPaths.EXAMPLE, yaml, StandardCopyOption.REPLACE_EXISTING);
    LoadedConfig loaded = ConfigLoader.loadAll(yaml);
    StratusConfig config = loaded.config();
    EmbeddedSlurm embedded =
        EmbeddedSlurm.of(
            config,
            SlurmControllerFixture.hostname(),
            "127.0.0.1",
            SlurmControllerFixture.freePort());
    Path slurmConf = config.slurm().slurmConf();
    SlurmConfigWriter.write(loaded, slurmConf.getParent());
    SlurmConfigWriter.writeBase(embedded, slurmConf);
    Files.createDirectories(embedded.stateSaveLocation());
    Files.createDirectories(embedded.nodesDir());
    for (HookKind kind : HookKind.values()) {
      placeholderHook(SlurmViews.launcher(config.powerSave(), kind));
    }
    for (Pool pool : config.pools()) {
      SlurmControllerFixture.createFakeGpus(SlurmViews.deviceDir(config, pool), pool.gpusPerNode());
    }
    SlurmControllerFixture.createMungeKey(config.mungeKeyFile());

    try (var slurm =
        SlurmControllerFixture.start(
            slurmConf,
            config.mungeKeyFile(),
            config.slurm().mungeSocket(),
            embedded.controllerPidFile())) {
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

  /** slurmctld wants the programs to exist, executable, not group/world writable. */
  private static void placeholderHook(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, "#!/bin/sh\nexit 0\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}
