package dev.stratus.sandbox.embedded;

import dev.stratus.api.model.Pool;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.ThisHost;
import dev.stratus.core.render.EmbeddedSlurm;
import dev.stratus.core.render.SlurmConfigWriter;
import dev.stratus.core.render.TopologyBuilder;
import dev.stratus.core.render.TopologyWriter;
import dev.stratus.hook.HookLaunchers;
import dev.stratus.hook.LauncherSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the embedded cluster's Slurm files (base slurm.conf, the include, gres.conf) and the hook
 * launchers slurmctld runs.
 */
final class EmbeddedFiles {
  private EmbeddedFiles() {}

  /** {@code slurmdbdPort}: 0 for no accounting. */
  static EmbeddedSlurm write(EmbeddedSpec spec, LoadedConfig loaded, int slurmdbdPort)
      throws IOException {
    var config = loaded.config();
    // topology/tree over the local provider's racks: multi-node jobs land under one rack switch.
    // This is topology.conf's only writer: the embedded stratus.yaml says slurm.topology: none,
    // so the controller leaves the file alone (the local provider's placement gives these racks).
    EmbeddedSlurm slurm =
        EmbeddedSlurm.of(config, hostname(), spec.bridgeAddress(), spec.slurmctldPort())
            .withTopologyTree(true)
            .withAccounting(slurmdbdPort);
    TopologyWriter.writeIfChanged(
        TopologyBuilder.build(config.pools(), rackPaths(spec, config.pools().get(0))),
        config.slurm().confDir().resolve(TopologyWriter.FILE));
    Files.createDirectories(slurm.stateSaveLocation());
    Files.createDirectories(slurm.nodesDir());
    // the base first: the include reads it, as it reads a site's slurm.conf (accounting in
    // slurmdbd lets the include make GPUs a TRES on 26.05)
    SlurmConfigWriter.writeBase(slurm, config.slurm().slurmConf());
    SlurmConfigWriter.write(loaded, config.slurm().confDir());
    HookLaunchers.write(
        config.powerSave().hookDir(),
        LauncherSpec.forThisJvm(
            config.spoolDir(),
            config.slurm().command("scontrol"),
            spec.root().resolve("log/hooks.log")));
    return slurm;
  }

  /**
   * The local provider's rack layout as switch paths: racks fill with nodes in name order, the way
   * the local provider's {@code racks} setting places them.
   */
  static Map<String, List<String>> rackPaths(EmbeddedSpec spec, Pool pool) {
    Map<String, List<String>> paths = new HashMap<>();
    int index = 1;
    for (int rack = 0; rack < spec.rackSizes().size(); rack++) {
      for (int k = 0; k < spec.rackSizes().get(rack); k++) {
        paths.put(pool.nodeName(index++), List.of("spine", "rack-" + (char) ('a' + rack)));
      }
    }
    return paths;
  }

  /**
   * This machine's short host name, read from the kernel (no DNS): slurmctld only starts when
   * SlurmctldHost names the machine it runs on.
   */
  static String hostname() {
    return ThisHost.shortName();
  }
}
