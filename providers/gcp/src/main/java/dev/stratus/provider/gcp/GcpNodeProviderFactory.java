package dev.stratus.provider.gcp;

import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.NodeProviderFactory;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.SettingKeys;

/** Registered for {@code ServiceLoader}; the provider named {@code gcp} in stratus.yaml. */
public final class GcpNodeProviderFactory implements NodeProviderFactory {
  @Override
  public String name() {
    return GcpOffering.PROVIDER;
  }

  @Override
  public SettingKeys settingKeys() {
    return GcpSettings.KEYS;
  }

  @Override
  public NodeProvider create(ProviderContext context) {
    return new GcpNodeProvider(context);
  }
}
