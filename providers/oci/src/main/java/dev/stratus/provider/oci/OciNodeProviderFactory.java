package dev.stratus.provider.oci;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.resilience.ResilienceSettings;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.NodeProviderFactory;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.SettingKeys;

/** {@code oci} in stratus.yaml. */
public final class OciNodeProviderFactory implements NodeProviderFactory {
  @Override
  public String name() {
    return OciSettings.PROVIDER;
  }

  @Override
  public SettingKeys settingKeys() {
    return OciSettings.KEYS;
  }

  @Override
  public NodeProvider create(ProviderContext context) {
    return create(context, ResilienceSettings.DEFAULTS);
  }

  /** With explicit resilience settings: tests use {@link ResilienceSettings#fast()}. */
  public NodeProvider create(ProviderContext context, ResilienceSettings resilience) {
    OciSettings settings = OciSettings.parse(context.settings(), PriceTable.bundled());
    return new OciNodeProvider(
        settings,
        new ProviderCalls(OciSettings.PROVIDER, resilience),
        new ProviderCalls("oci-prices", resilience),
        context.clock());
  }
}
