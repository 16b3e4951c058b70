package dev.stratus.provider.azure;

import dev.stratus.core.spi.NodeProvider;
import dev.stratus.core.spi.NodeProviderFactory;
import dev.stratus.core.spi.ProviderContext;
import dev.stratus.core.spi.SettingKeys;

/** Registered for {@code ServiceLoader}; the provider named {@code azure} in stratus.yaml. */
public final class AzureNodeProviderFactory implements NodeProviderFactory {
  @Override
  public String name() {
    return AzureOfferings.PROVIDER;
  }

  @Override
  public SettingKeys settingKeys() {
    return AzureSettings.KEYS;
  }

  @Override
  public NodeProvider create(ProviderContext context) {
    return AzureNodeProvider.create(context);
  }
}
