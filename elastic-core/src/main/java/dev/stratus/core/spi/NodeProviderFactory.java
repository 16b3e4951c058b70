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
   * Builds the provider. Bad settings throw {@link IllegalArgumentException} naming the setting.
   */
  NodeProvider create(ProviderContext context);
}
