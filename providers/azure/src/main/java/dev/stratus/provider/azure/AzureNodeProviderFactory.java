package dev.stratus.provider.azure;

import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.NodeProviderFactory;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.SettingKeys;

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
