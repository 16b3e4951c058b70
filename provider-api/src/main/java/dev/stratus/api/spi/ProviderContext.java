package dev.stratus.api.spi;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * What a provider gets when it is created: the cluster name, its own settings block from
 * stratus.yaml (already parsed, keys as written), a directory it may keep files in, what its nodes
 * need to join the cluster, the clock, and where the nodes' signing keys come from ({@link
 * NodeKeyIssuer}; only a provider that delivers keys itself uses it).
 */
public record ProviderContext(
    String cluster,
    Map<String, Object> settings,
    Path stateDir,
    BootstrapSettings bootstrap,
    Clock clock,
    NodeKeyIssuer nodeKeys) {
  public ProviderContext {
    notBlank("cluster", cluster);
    settings = Map.copyOf(settings);
    notNull("stateDir", stateDir);
    notNull("bootstrap", bootstrap);
    notNull("clock", clock);
    notNull("nodeKeys", nodeKeys);
  }

  /** A context whose nodes get no signing key (provider tests without a controller). */
  public ProviderContext(
      String cluster,
      Map<String, Object> settings,
      Path stateDir,
      BootstrapSettings bootstrap,
      Clock clock) {
    this(cluster, settings, stateDir, bootstrap, clock, NodeKeyIssuer.NONE);
  }
}
