package dev.stratus.core.config;

import dev.stratus.api.spi.NodeProviderFactory;
import dev.stratus.api.spi.Providers;
import dev.stratus.api.spi.SettingKeys;
import java.nio.file.Path;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Every stratus.yaml key path the code accepts, as the readers declare them: the keys of each
 * mapping a load of a file visits (a section the file leaves out still declares its keys), plus
 * each provider's settings block under {@code providers.NAME}, from the factories on the class
 * path. List items are {@code []}: {@code pools[].gpu.model}. What the configuration reference is
 * checked against.
 */
public final class ConfigKeys {
  private ConfigKeys() {}

  /**
   * @param file a valid stratus.yaml; the richer it is, the more nested sections are visited
   * @throws ConfigException when the file does not load
   */
  public static SortedSet<String> of(Path file) {
    return of(file, Providers.discover(ConfigKeys.class.getClassLoader()));
  }

  /** As {@link #of(Path)}, with the provider factories given. */
  public static SortedSet<String> of(Path file, Map<String, NodeProviderFactory> factories) {
    KeyLog log = new KeyLog();
    ConfigLoader.loadAll(file, factories, log);
    SortedSet<String> out = new TreeSet<>(log.paths());
    factories.forEach((name, factory) -> addBlock(out, "providers." + name, factory.settingKeys()));
    return out;
  }

  private static void addBlock(SortedSet<String> out, String path, SettingKeys keys) {
    out.add(path);
    for (String key : keys.names()) {
      out.add(path + "." + key);
      keys.block(key).ifPresent(inner -> addBlock(out, path + "." + key, inner));
    }
  }
}
