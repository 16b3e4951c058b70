package dev.stratus.core.config;

import static dev.stratus.api.model.Checks.notNull;

import java.util.Map;
import java.util.Optional;

/**
 * stratus.yaml as loaded: the validated {@link StratusConfig} plus settings only the config
 * renderer needs. {@code gresAutodetect} maps a pool name to its gres.conf {@code AutoDetect} value
 * ({@code nvml}, {@code rsmi}, {@code off}); pools without one are absent. {@code bootstrap}: how
 * cloud nodes install and start the node agent (their cloud-init user-data), when configured.
 */
public record LoadedConfig(
    StratusConfig config, Map<String, String> gresAutodetect, Optional<NodeBootstrap> bootstrap) {
  public LoadedConfig {
    notNull("config", config);
    notNull("bootstrap", bootstrap);
    gresAutodetect = Map.copyOf(gresAutodetect);
    for (String pool : gresAutodetect.keySet()) {
      if (config.pool(pool).isEmpty()) {
        throw new IllegalArgumentException("gresAutodetect names unknown pool '" + pool + "'");
      }
    }
  }

  /** Without a bootstrap block. */
  public LoadedConfig(StratusConfig config, Map<String, String> gresAutodetect) {
    this(config, gresAutodetect, Optional.empty());
  }

  /** A config without render-only settings. */
  public static LoadedConfig of(StratusConfig config) {
    return new LoadedConfig(config, Map.of());
  }
}
