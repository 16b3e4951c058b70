package dev.stratus.cli;

import dev.stratus.core.config.ConfigException;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.render.IncludeMerge;
import dev.stratus.core.render.SlurmConfigWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code stratus config check}: what the include would add to, merge with, keep of, and fail to
 * merge with a slurm.conf, one line each ({@code add}, {@code same}, {@code merge}, {@code keep},
 * {@code note}, {@code conflict}). Exit codes: 0 it merges, 1 something conflicts (`config render`
 * would refuse to write), 2 the config is invalid or the slurm.conf cannot be read.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description =
        "Show what the Stratus include would add or change in a slurm.conf, and what it cannot"
            + " merge with (exit 1).")
public final class ConfigCheckCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, paramLabel = "FILE", description = "stratus.yaml")
  Path config;

  @Option(
      names = "--slurm-conf",
      paramLabel = "PATH",
      description = "the slurm.conf to check (default: slurm.slurmConf of stratus.yaml)")
  Path slurmConf;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    LoadedConfig loaded;
    try {
      loaded = ConfigLoader.loadAll(config);
    } catch (ConfigException e) {
      err.println(e.getMessage());
      return 2;
    }
    Path site = slurmConf != null ? slurmConf : loaded.config().slurm().slurmConf();
    IncludeMerge merge;
    try {
      merge = SlurmConfigWriter.check(loaded, site);
    } catch (IOException e) {
      err.println("cannot read " + site + ": " + e);
      return 2;
    }
    out.println("slurm.conf: " + site);
    merge.findings().forEach(out::println);
    if (merge.conflicts()) {
      err.println("the include cannot be merged with " + site + ": resolve each conflict above");
      return 1;
    }
    return 0;
  }
}
