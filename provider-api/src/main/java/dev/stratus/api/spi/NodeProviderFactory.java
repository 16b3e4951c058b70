package dev.stratus.api.spi;

import java.util.ServiceLoader;

/**
 * Registered with {@link ServiceLoader} under {@code
 * META-INF/services/dev.stratus.api.spi.NodeProviderFactory}; the controller creates the providers
 * the config names, and loading stratus.yaml checks their blocks against {@link #settingKeys}.
 * Needs a public no-argument constructor; every method is safe to call from any thread.
 */
public interface NodeProviderFactory {
  /** The provider's name as written in stratus.yaml ({@code local}, {@code aws}, ...). */
  String name();

  /**
   * The keys its settings block ({@code providers.<name>} in stratus.yaml) may hold. Loading
   * stratus.yaml refuses any other key at its line, so a typo fails {@code stratus config render}
   * and {@code stratus status} too, not only the controller's start; {@link SettingsReader} refuses
   * them again when {@link #create} reads the block.
   */
  SettingKeys settingKeys();

  /**
   * Builds the provider from its settings block ({@link ProviderContext#settings()}, read with a
   * {@link SettingsReader} over {@link #settingKeys}). Bad settings throw {@link
   * IllegalArgumentException} naming the setting ({@code providers.<name>.<key>}). It may build SDK
   * clients but creates nothing at the cloud or on the host: that is {@link NodeProvider#start}'s,
   * which read-only commands such as {@code stratus status} never call.
   */
  NodeProvider create(ProviderContext context);
}
