package dev.stratus.provider.local;

import dev.stratus.core.spi.NodeProvider;
import dev.stratus.core.spi.NodeProviderFactory;
import dev.stratus.core.spi.ProviderContext;
import dev.stratus.core.spi.SettingKeys;

/** Registered for {@code ServiceLoader}; the provider named {@code local} in stratus.yaml. */
public final class LocalNodeProviderFactory implements NodeProviderFactory {
  @Override
  public String name() {
    return LocalSettings.PROVIDER;
  }

  @Override
  public SettingKeys settingKeys() {
    return LocalSettings.KEYS;
  }

  @Override
  public NodeProvider create(ProviderContext context) {
    return new LocalNodeProvider(context);
  }
}
