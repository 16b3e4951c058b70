package dev.stratus.provider.aws;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.resilience.ResilienceSettings;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.NodeProviderFactory;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.SettingKeys;

/** {@code aws} in stratus.yaml. */
public final class AwsNodeProviderFactory implements NodeProviderFactory {
  @Override
  public String name() {
    return AwsSettings.PROVIDER;
  }

  @Override
  public SettingKeys settingKeys() {
    return AwsSettings.KEYS;
  }

  @Override
  public NodeProvider create(ProviderContext context) {
    return create(context, ResilienceSettings.DEFAULTS);
  }

  /** With explicit resilience settings: tests use {@link ResilienceSettings#fast()}. */
  public NodeProvider create(ProviderContext context, ResilienceSettings resilience) {
    AwsSettings settings = AwsSettings.parse(context.settings(), PriceTable.bundled());
    return new AwsNodeProvider(
        settings,
        Ec2Clients.create(settings),
        Ec2Clients.pricing(settings),
        new ProviderCalls(AwsSettings.PROVIDER, resilience),
        new ProviderCalls("aws-prices", resilience),
        context.clock());
  }
}
