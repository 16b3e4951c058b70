package dev.stratus.simulator.cluster;

import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.NodeProviderFactory;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.Providers;
import dev.stratus.api.spi.SettingKeys;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.StratusConfig;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Loads the stratus.yaml a replay runs against, with the controller's own loader and checks. A
 * provider on the class path (the distribution has them all) checks its block's keys as the
 * controller would; one that is not (the simulator's own tests) stands in with an empty block,
 * since the simulation never creates a provider.
 */
final class SimConfig {
  private SimConfig() {}

  static StratusConfig load(Path file) {
    Map<String, NodeProviderFactory> found = Providers.discover(SimConfig.class.getClassLoader());
    Map<String, NodeProviderFactory> factories =
        new HashMap<>(found) {
          @Override
          public NodeProviderFactory get(Object name) {
            NodeProviderFactory f = super.get(name);
            return f != null ? f : new StandIn(String.valueOf(name));
          }
        };
    return ConfigLoader.load(file, factories);
  }

  private record StandIn(String name) implements NodeProviderFactory {
    @Override
    public SettingKeys settingKeys() {
      return SettingKeys.of();
    }

    @Override
    public NodeProvider create(ProviderContext context) {
      throw new UnsupportedOperationException("the simulation creates no provider");
    }
  }
}
