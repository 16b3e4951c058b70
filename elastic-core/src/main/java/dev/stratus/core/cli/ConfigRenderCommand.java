package dev.stratus.core.cli;

import dev.stratus.core.config.ConfigException;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.render.SlurmConfigWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code stratus config render}: writes stratus-slurm.conf and gres.conf for a stratus.yaml. Exit
 * codes: 0 written (one path per line on stdout), 2 the config is invalid (the loader's message,
 * with file:line:column, on stderr), 1 the files could not be written.
 */
@Command(
    name = "render",
    mixinStandardHelpOptions = true,
    description = "Render the Slurm include (stratus-slurm.conf) and gres.conf from stratus.yaml.")
public final class ConfigRenderCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, paramLabel = "FILE", description = "stratus.yaml")
  Path config;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "where to write (default: the directory of slurm.slurmConf)")
  Path out;

  @Override
  public Integer call() {
    LoadedConfig loaded;
    try {
      loaded = ConfigLoader.loadAll(config);
    } catch (ConfigException e) {
      spec.commandLine().getErr().println(e.getMessage());
      return 2;
    }
    Path dir = out != null ? out : loaded.config().slurm().confDir();
    try {
      List<Path> written = SlurmConfigWriter.write(loaded, dir);
      written.forEach(p -> spec.commandLine().getOut().println(p));
      return 0;
    } catch (IOException e) {
      spec.commandLine().getErr().println("cannot write into " + dir + ": " + e);
      return 1;
    }
  }
}
