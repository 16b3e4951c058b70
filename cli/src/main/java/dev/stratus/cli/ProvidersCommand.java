package dev.stratus.cli;

import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderCheck;
import dev.stratus.api.spi.Providers;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.daemon.ProviderRegistry;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code stratus providers list|check}. */
@Command(
    name = "providers",
    mixinStandardHelpOptions = true,
    description = "Providers on the class path, and read-only checks of the configured ones.",
    subcommands = {ProvidersCommand.ListCommand.class, ProvidersCommand.CheckCommand.class})
public final class ProvidersCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  @Command(name = "list", description = "Print the provider plugins found on the class path.")
  static final class ListCommand implements Callable<Integer> {
    @Override
    public Integer call() {
      Providers.discover(ProvidersCommand.class.getClassLoader())
          .keySet()
          .forEach(System.out::println);
      return 0;
    }
  }

  @Command(
      name = "check",
      description =
          "Prove credentials, region and permissions of every configured provider with read-only"
              + " calls. Exit 1 when any check fails.")
  static final class CheckCommand implements Callable<Integer> {
    @Mixin ConfigOption config;

    @Override
    public Integer call() {
      Optional<StratusConfig> loaded = config.load();
      if (loaded.isEmpty()) {
        return 2;
      }
      StratusConfig cfg = loaded.get();
      boolean allOk = true;
      for (NodeProvider provider : ProviderRegistry.create(cfg, Clock.systemUTC()).values()) {
        List<ProviderCheck.Result> results =
            provider instanceof ProviderCheck check
                ? check.check()
                : List.of(new ProviderCheck.Result("checks", true, "provider has no remote API"));
        for (ProviderCheck.Result r : results) {
          System.out.printf(
              "%-8s %-4s %-28s %s%n",
              provider.name(), r.ok() ? "ok" : "FAIL", r.what(), r.detail());
          allOk &= r.ok();
        }
      }
      return allOk ? 0 : 1;
    }
  }
}
