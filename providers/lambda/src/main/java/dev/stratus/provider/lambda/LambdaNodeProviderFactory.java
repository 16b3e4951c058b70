package dev.stratus.provider.lambda;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.resilience.ResilienceSettings;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.NodeProviderFactory;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.SettingKeys;
import java.util.Map;

/** {@code lambda} in stratus.yaml. */
public final class LambdaNodeProviderFactory implements NodeProviderFactory {
  @Override
  public String name() {
    return LambdaSettings.PROVIDER;
  }

  @Override
  public SettingKeys settingKeys() {
    return LambdaSettings.KEYS;
  }

  @Override
  public NodeProvider create(ProviderContext context) {
    return create(context, ResilienceSettings.DEFAULTS, System.getenv());
  }

  /** With explicit resilience settings and environment (tests: fast retries, a key variable). */
  public NodeProvider create(
      ProviderContext context, ResilienceSettings resilience, Map<String, String> env) {
    LambdaSettings settings = LambdaSettings.parse(context.settings(), PriceTable.bundled(), env);
    return new LambdaNodeProvider(
        settings, new ProviderCalls(LambdaSettings.PROVIDER, resilience), context.clock());
  }
}
