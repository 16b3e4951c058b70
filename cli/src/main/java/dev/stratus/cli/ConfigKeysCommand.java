package dev.stratus.cli;

import dev.stratus.core.config.ConfigException;
import dev.stratus.core.config.ConfigKeys;
import java.nio.file.Path;
import java.util.SortedSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code stratus config keys}: every key path stratus.yaml may hold, one per line, as the loader
 * declares them while it reads the file given (sections the file leaves out included) and as each
 * provider on the class path declares its block. Exit 2 when the file does not load.
 */
@Command(
    name = "keys",
    mixinStandardHelpOptions = true,
    description =
        "List every key stratus.yaml may hold (pools[].gpu.model, providers.aws.region...), as"
            + " the loader and the providers on the class path declare them.")
public final class ConfigKeysCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--config",
      required = true,
      paramLabel = "FILE",
      description = "a valid stratus.yaml (its pools and lists are walked)")
  Path config;

  @Override
  public Integer call() {
    SortedSet<String> keys;
    try {
      keys = ConfigKeys.of(config);
    } catch (ConfigException | IllegalArgumentException e) {
      spec.commandLine().getErr().println("stratus: " + e.getMessage());
      return 2;
    }
    keys.forEach(spec.commandLine().getOut()::println);
    return 0;
  }
}
