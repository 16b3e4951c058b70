package dev.stratus.core.spi;

import java.util.ServiceLoader;

/**
 * Registered with {@link ServiceLoader} under {@code
 * META-INF/services/dev.stratus.core.spi.NodeProviderFactory}; the controller creates the providers
 * the config names.
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
   * Builds the provider. Bad settings throw {@link IllegalArgumentException} naming the setting.
   */
  NodeProvider create(ProviderContext context);
}
