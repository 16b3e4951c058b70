package dev.stratus.cli.money;

import dev.stratus.core.config.ConfigException;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.StratusConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code --config}, and where the ledger it names lives (a picocli mixin). */
final class LedgerOption {
  @Option(names = "--config", required = true, description = "stratus.yaml")
  Path path;

  /** The config when it loads and its ledger exists; else empty after saying why (exit 2). */
  Optional<StratusConfig> load() {
    try {
      StratusConfig c = ConfigLoader.load(path);
      if (!Files.exists(c.money().ledger().file())) {
        System.err.println(
            "stratus: no cost ledger at "
                + c.money().ledger().file()
                + " (the controller creates it; ledger.file in stratus.yaml says where)");
        return Optional.empty();
      }
      return Optional.of(c);
    } catch (IllegalArgumentException | ConfigException e) {
      System.err.println("stratus: " + e.getMessage());
      return Optional.empty();
    }
  }
}
