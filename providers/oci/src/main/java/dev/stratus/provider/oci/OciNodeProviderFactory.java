package dev.stratus.provider.oci;

import dev.stratus.core.catalog.PriceTable;
import dev.stratus.core.resilience.ProviderCalls;
import dev.stratus.core.resilience.ResilienceSettings;
import dev.stratus.core.spi.NodeProvider;
import dev.stratus.core.spi.NodeProviderFactory;
import dev.stratus.core.spi.ProviderContext;
import dev.stratus.core.spi.SettingKeys;

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
