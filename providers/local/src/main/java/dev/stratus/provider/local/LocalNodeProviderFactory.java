package dev.stratus.provider.local;

import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.NodeProviderFactory;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.SettingKeys;

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
