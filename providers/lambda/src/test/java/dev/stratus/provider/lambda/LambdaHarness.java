package dev.stratus.provider.lambda;

import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.resilience.ResilienceSettings;
import dev.stratus.api.spi.BootstrapSettings;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.testkit.contract.ContractHarness;
import dev.stratus.testkit.contract.Throttling;
import dev.stratus.testkit.lambda.LambdaModel;
import dev.stratus.testkit.lambda.LambdaModelServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Lambda provider (its own client on java.net.http) against {@link LambdaModelServer}: one
 * gpu_8x_h100_sxm5 offering in us-east-1, the API key in a 0400 file, and a list that shows a new
 * instance only 30 s after its launch, so every contract test also runs through the provider's
 * handling of the lagging list.
 */
public final class LambdaHarness implements ContractHarness, Throttling {
  public static final String REGION = "us-east-1";
  private final LambdaModelServer server;
  private final Map<String, Object> settings;
  private final Path dir;
  private final Clock clock;
  private final NodeProvider provider;
  private final Offering offering;
  private int next;

  public LambdaHarness(Path dir) {
    this(dir, Map.of(), Clock.systemUTC());
  }

  public LambdaHarness(Path dir, Map<String, Object> extra, Clock clock) {
    server = new LambdaModelServer(clock);
    server.model().listLag(Duration.ofSeconds(30));
    settings = new HashMap<>(defaults(server, dir));
    settings.putAll(extra);
    this.dir = dir;
    this.clock = clock;
    provider = another(Map.of());
    offering = provider.offerings().get(0);
  }

  /**
   * Another provider on the same model, as a restarted controller makes it; the caller closes it.
   */
  public NodeProvider another(Map<String, Object> extra) {
    Map<String, Object> s = new HashMap<>(settings);
    s.putAll(extra);
    return new LambdaNodeProviderFactory()
        .create(context(dir, s, clock), ResilienceSettings.fast(), Map.of());
  }

  /** The provider block for {@code server}, its API key in a file of {@code dir}. */
  public static Map<String, Object> defaults(LambdaModelServer server, Path dir) {
    Path key = dir.resolve("lambda-api-key");
    try {
      Files.writeString(key, LambdaModelServer.API_KEY + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Map.of(
        "apiKeyFile", key.toString(),
        "sshKeyName", "stratus-ops",
        "endpoint", server.endpoint().toString(),
        "offerings", List.of(Map.of("instanceType", "gpu_8x_h100_sxm5", "region", REGION)));
  }

  static ProviderContext context(Path dir, Map<String, Object> settings, Clock clock) {
    return new ProviderContext(
        "lambda-contract",
        settings,
        dir,
        new BootstrapSettings(
            dir.resolve("slurm.conf"), dir, dir.resolve("munge.key"), dir.resolve("munge.socket")),
        clock);
  }

  public LambdaModelServer server() {
    return server;
  }

  public LambdaModel model() {
    return server.model();
  }

  @Override
  public NodeProvider provider() {
    return provider;
  }

  @Override
  public Offering offering() {
    return offering;
  }

  @Override
  public String cluster() {
    return "lambda-contract";
  }

  @Override
  public List<String> nodeNames(int count) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      names.add(String.format("gpu-%03d", ++next));
    }
    return names;
  }

  @Override
  public void exhaust(OfferingKey key) {
    model().exhaust(key.instanceType(), key.region());
  }

  @Override
  public void failLaunchOf(String nodeName) {
    model().failLaunchesOf(nodeName);
  }

  @Override
  public void throttleNextCalls(int calls) {
    server.throttleNextCalls(calls);
  }

  @Override
  public void close() {
    try {
      provider.terminate(model().liveIds());
      provider.close();
    } finally {
      server.close();
    }
  }
}
