package dev.stratus.cli;

import dev.stratus.core.config.ConfigException;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.StratusConfig;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The {@code --config} option of every command that reads stratus.yaml (a picocli mixin). */
final class ConfigOption {
  @Option(names = "--config", required = true, description = "stratus.yaml")
  Path path;

  /** The config, or empty after printing why it cannot be used (the command then exits 2). */
  Optional<StratusConfig> load() {
    try {
      return Optional.of(ConfigLoader.load(path));
    } catch (IllegalArgumentException | ConfigException e) {
      System.err.println("stratus: " + e.getMessage());
      return Optional.empty();
    }
  }
}
