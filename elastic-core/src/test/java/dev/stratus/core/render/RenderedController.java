package dev.stratus.core.render;

import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.model.Pool;
import dev.stratus.core.spool.HookKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Test support: writes the rendered files of a config (include, gres.conf, the embedded base
 * slurm.conf) with everything slurmctld checks at start (hook programs, fake GPU devices, a munge
 * key), then starts the machine's real munged and slurmctld on them.
 */
final class RenderedController {
  private RenderedController() {}

  static SlurmControllerFixture start(LoadedConfig loaded, boolean topologyTree)
      throws IOException {
    StratusConfig config = loaded.config();
    EmbeddedSlurm embedded =
        EmbeddedSlurm.of(
                config,
                SlurmControllerFixture.hostname(),
                "127.0.0.1",
                SlurmControllerFixture.freePort())
            .withTopologyTree(topologyTree);
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
    return SlurmControllerFixture.start(
        slurmConf,
        config.mungeKeyFile(),
        config.slurm().mungeSocket(),
        embedded.controllerPidFile());
  }

  /** slurmctld wants the programs to exist, executable, not group/world writable. */
  private static void placeholderHook(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, "#!/bin/sh\nexit 0\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}
