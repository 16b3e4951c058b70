package dev.stratus.daemon;

import dev.stratus.api.spi.BootstrapSettings;
import dev.stratus.api.spi.GpuAdmission;
import dev.stratus.api.spi.NodeKeyIssuer;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.Providers;
import dev.stratus.core.config.StratusConfig;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/** Creates the providers the config names, found on the class path with ServiceLoader. */
public final class ProviderRegistry {
  private ProviderRegistry() {}

  /** Each pool's GPU admission check, from its {@code gpuHealth:}. */
  static Map<String, GpuAdmission> admissions(StratusConfig config) {
    Map<String, GpuAdmission> out = new LinkedHashMap<>();
    for (var pool : config.pools()) {
      var h = config.gpuHealth(pool.name());
      out.put(
          pool.name(), new GpuAdmission(h.level(), h.timeout(), h.diagLevel(), h.watchInterval()));
    }
    return out;
  }

  /** Providers that hand out no signing keys: for commands that only look (status, cleanup). */
  public static Map<String, NodeProvider> create(StratusConfig config, Clock clock) {
    return create(config, clock, NodeKeyIssuer.NONE);
  }

  /** {@code nodeKeys}: the controller's secret, for providers that give nodes their keys. */
  public static Map<String, NodeProvider> create(
      StratusConfig config, Clock clock, NodeKeyIssuer nodeKeys) {
    BootstrapSettings bootstrap =
        new BootstrapSettings(
            config.slurm().slurmConf(),
            config.slurm().sbinDir(),
            config.mungeKeyFile(),
            config.slurm().mungeSocket(),
            config.vault(),
            config.slurm().binDir(),
            admissions(config));
    Map<String, NodeProvider> providers = new LinkedHashMap<>();
    for (var entry : config.providers().entrySet()) {
      String name = entry.getKey();
      ProviderContext context =
          new ProviderContext(
              config.cluster(),
              entry.getValue(),
              config.stateDir().resolve("providers").resolve(name),
              bootstrap,
              clock,
              nodeKeys);
      providers.put(name, Providers.find(name).create(context));
    }
    return providers;
  }
}
