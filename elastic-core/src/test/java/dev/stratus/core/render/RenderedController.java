package dev.stratus.core.render;

import dev.stratus.api.model.Pool;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.hook.spool.HookKind;
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
    return start(loaded, topologyTree, "");
  }

  /**
   * As {@link #start(LoadedConfig, boolean)}, with {@code siteLines} in the base slurm.conf above
   * its Include line, as a site's own settings would be; the include is rendered after the base, so
   * it is merged with them.
   */
  static SlurmControllerFixture start(LoadedConfig loaded, boolean topologyTree, String siteLines)
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
    Files.createDirectories(slurmConf.getParent());
    String base = SlurmConfigWriter.renderBase(embedded);
    int include = base.lastIndexOf("\nInclude ") + 1;
    Files.writeString(slurmConf, base.substring(0, include) + siteLines + base.substring(include));
    SlurmConfigWriter.write(loaded, slurmConf.getParent());
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
