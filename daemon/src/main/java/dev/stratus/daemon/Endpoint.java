package dev.stratus.daemon;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.controller.Controller;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The controller's endpoint wired to a running controller: signers checked against the instances
 * its passes list (and a fresh provider list for a node launched since), notices and bootstrap
 * reports handed to it, metrics from its registry.
 */
final class Endpoint {
  private static final Duration MIN_REFRESH = Duration.ofSeconds(5);

  private Endpoint() {}

  /** {@code listen}: where to bind ({@code spot.listen}, or port 0 in tests). */
  static NoticeServer start(
      StratusConfig config,
      String listen,
      Clock clock,
      ControllerSecret secret,
      Controller controller,
      Map<String, NodeProvider> providers,
      Runnable wake,
      Supplier<String> scrape)
      throws IOException {
    InstanceDirectory directory =
        new InstanceDirectory(
            controller::observedInstances,
            () -> listAll(providers, config.cluster()),
            node -> config.poolOfNode(node).isPresent(),
            clock,
            MIN_REFRESH);
    EndpointLimits limits = EndpointLimits.DEFAULTS;
    Optional<String> metricsToken = Optional.empty();
    if (config.controller().metricsTokenFile().isPresent()) {
      metricsToken =
          Optional.of(
              Files.readString(config.controller().metricsTokenFile().get(), StandardCharsets.UTF_8)
                  .strip());
    }
    NoticeRoutes routes =
        new NoticeRoutes(
            new NoticeRoutes.Receivers(
                controller::receive,
                controller.notices()::state,
                controller::bootstrapReported,
                wake,
                report -> controller.receiveHealth(report).name().toLowerCase(Locale.ROOT)),
            new Signers(secret, directory::boundTo, clock, limits.maxNonces()),
            new MetricsRoute(scrape, metricsToken),
            limits,
            clock);
    return new NoticeServer(listen, config.controller().tls(), limits, routes);
  }

  private static List<Instance> listAll(Map<String, NodeProvider> providers, String cluster) {
    List<Instance> all = new ArrayList<>();
    for (NodeProvider p : providers.values()) {
      try {
        all.addAll(p.list(cluster));
      } catch (RuntimeException e) {
        // that provider's nodes wait for the next pass
      }
    }
    return all;
  }
}
