package dev.stratus.cli;

import dev.stratus.core.config.ConfigException;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.PlacementFile;
import dev.stratus.core.render.CloudInitWriter;
import dev.stratus.core.render.IncludeConflicts;
import dev.stratus.core.render.SlurmConfigWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code stratus config render}: writes stratus-slurm.conf, gres.conf, topology.conf (from {@code
 * --placement}, or the first one when the controller owns it) and, with a {@code bootstrap:} block,
 * the cloud-init user-data of every cloud that serves a pool. The include is merged with the
 * slurm.conf that {@code slurm.slurmConf} names. Exit codes: 0 written (one path per line on
 * stdout), 2 the config or the placement file is invalid (the message, with file:line:column, on
 * stderr) or the include cannot be merged with slurm.conf (each conflict on stderr; nothing
 * written), 1 the files could not be written.
 */
@Command(
    name = "render",
    mixinStandardHelpOptions = true,
    description =
        "Render the Slurm include (stratus-slurm.conf), gres.conf, topology.conf and each cloud's"
            + " cloud-init user-data from stratus.yaml.")
public final class ConfigRenderCommand implements Callable<Integer> {
  private static final List<String> CLOUDS = List.of("aws", "gcp", "azure", "oci", "lambda");

  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, paramLabel = "FILE", description = "stratus.yaml")
  Path config;

  @Option(
      names = "--placement",
      paramLabel = "FILE",
      description =
          "where the clouds put the nodes (nodes: {NODE: [SWITCH, ...]}) for topology.conf")
  Path placement;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "where to write (default: the directory of slurm.slurmConf)")
  Path out;

  @Override
  public Integer call() {
    LoadedConfig loaded;
    Optional<Map<String, List<String>>> paths;
    try {
      loaded = ConfigLoader.loadAll(config);
      paths =
          placement == null
              ? Optional.empty()
              : Optional.of(PlacementFile.load(placement, loaded.config()));
    } catch (ConfigException e) {
      spec.commandLine().getErr().println(e.getMessage());
      return 2;
    }
    Path dir = out != null ? out : loaded.config().slurm().confDir();
    try {
      List<Path> written = new ArrayList<>(SlurmConfigWriter.write(loaded, dir, paths));
      written.addAll(CloudInitWriter.write(loaded, dir));
      written.forEach(p -> spec.commandLine().getOut().println(p));
      if (loaded.bootstrap().isEmpty() && servesACloud(loaded)) {
        spec.commandLine()
            .getErr()
            .println("no cloud-init user-data written: stratus.yaml has no bootstrap: block");
      }
      return 0;
    } catch (IncludeConflicts e) {
      spec.commandLine().getErr().println(e.getMessage());
      spec.commandLine()
          .getErr()
          .println("nothing written; `stratus config check --config " + config + "` shows all");
      return 2;
    } catch (IOException e) {
      spec.commandLine().getErr().println("cannot write into " + dir + ": " + e);
      return 1;
    } catch (IllegalArgumentException e) {
      // a setup the user-data cannot serve (Lambda nodes without the controller's vault: block)
      spec.commandLine().getErr().println(e.getMessage());
      return 2;
    }
  }

  private static boolean servesACloud(LoadedConfig loaded) {
    return loaded.config().pools().stream()
        .flatMap(p -> p.offerings().stream())
        .anyMatch(o -> CLOUDS.contains(o.provider()));
  }
}
