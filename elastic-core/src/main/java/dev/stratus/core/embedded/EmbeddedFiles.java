package dev.stratus.core.embedded;

import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.hook.HookLaunchers;
import dev.stratus.core.hook.LauncherSpec;
import dev.stratus.core.render.EmbeddedSlurm;
import dev.stratus.core.render.SlurmConfigWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the embedded cluster's Slurm files (base slurm.conf, the include, gres.conf) and the hook
 * launchers slurmctld runs.
 */
final class EmbeddedFiles {
  private EmbeddedFiles() {}

  static EmbeddedSlurm write(EmbeddedSpec spec, LoadedConfig loaded) throws IOException {
    var config = loaded.config();
    EmbeddedSlurm slurm =
        EmbeddedSlurm.of(config, hostname(), spec.bridgeAddress(), spec.slurmctldPort());
    Files.createDirectories(slurm.stateSaveLocation());
    Files.createDirectories(slurm.nodesDir());
    SlurmConfigWriter.write(loaded, config.slurm().confDir());
    SlurmConfigWriter.writeBase(slurm, config.slurm().slurmConf());
    HookLaunchers.write(
        config.powerSave().hookDir(),
        LauncherSpec.forThisJvm(
            config.spoolDir(),
            config.slurm().command("scontrol"),
            spec.root().resolve("log/hooks.log")));
    return slurm;
  }

  /**
   * This machine's short host name, read from the kernel (no DNS): slurmctld only starts when
   * SlurmctldHost names the machine it runs on.
   */
  static String hostname() throws IOException {
    String name = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
    int dot = name.indexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
  }
}
