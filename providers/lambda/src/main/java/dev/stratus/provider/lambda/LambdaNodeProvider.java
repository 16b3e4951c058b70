package dev.stratus.provider.lambda;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceQuote;
import dev.stratus.api.resilience.ProviderCalls;
import dev.stratus.api.spi.CarriesNodeCredentials;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.PricesOfferings;
import dev.stratus.api.spi.ProviderCheck;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Lambda's public cloud through its REST API ({@link LambdaClient}): one launch per node (quantity
 * 1, idempotent by name, capacity probed with instance-types first), list by name, terminate in one
 * call. Lambda has no spot capacity, no placement data and makes nothing besides instances, so the
 * provider is neither placement-aware nor sweeping. Settings: {@link LambdaSettings}.
 */
public final class LambdaNodeProvider
    implements NodeProvider, ProviderCheck, CarriesNodeCredentials, PricesOfferings {
  private final LambdaSettings settings;
  private final LambdaQueries queries;
  private final LambdaCapacity capacity;
  private final LambdaTerminator terminator;
  private final LambdaLauncher launcher;
  private final LambdaApi api;
  private final LambdaPrices prices;

  LambdaNodeProvider(LambdaSettings settings, ProviderCalls calls, Clock clock) {
    this.settings = settings;
    this.api =
        new LambdaApi(
            new LambdaClient(settings.endpoint(), settings.apiKey(), settings.callTimeout()),
            calls);
    this.queries = new LambdaQueries(api, settings.launchMemory(), clock);
    this.capacity = new LambdaCapacity(api, settings.capacityProbe(), clock);
    this.terminator = new LambdaTerminator(api, queries);
    this.launcher = new LambdaLauncher(api, settings, queries, capacity, terminator, clock);
    this.prices = new LambdaPrices(api, clock);
  }

  /** Each type's {@code price_cents_per_hour} from instance-types ({@link LambdaPrices}). */
  @Override
  public List<PriceQuote> prices(Collection<OfferingKey> offerings) {
    return prices.prices(offerings);
  }

  @Override
  public String name() {
    return LambdaSettings.PROVIDER;
  }

  @Override
  public List<Offering> offerings() {
    return settings.offerings();
  }

  @Override
  public boolean needsNodeCredentials() {
    return settings.wantsCredential();
  }

  @Override
  public LaunchResult launch(LaunchRequest request) {
    return launcher.launch(request);
  }

  @Override
  public List<Instance> list(String cluster) {
    return queries.byCluster(cluster);
  }

  @Override
  public Optional<Instance> get(String instanceId) {
    return queries.get(instanceId);
  }

  @Override
  public void terminate(Collection<String> instanceIds) {
    terminator.terminate(instanceIds);
  }

  @Override
  public List<Result> check() {
    return new LambdaCheck(api, settings, capacity).run();
  }
}
