package dev.stratus.daemon;

import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.core.config.MoneySettings;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.controller.Controller;
import dev.stratus.core.controller.ControllerFixture;
import dev.stratus.core.metrics.StratusMetrics;
import dev.stratus.core.money.Budget;
import dev.stratus.core.money.BudgetPeriod;
import dev.stratus.core.money.BudgetScope;
import dev.stratus.core.testing.Fixtures;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;

/**
 * A controller on the in-memory cloud and Slurm counting into a Prometheus registry, and its HTTP
 * endpoint as nodes and Prometheus reach it over loopback: notices in, {@code GET /metrics} out.
 */
public abstract class ScrapedControllerFixture extends ControllerFixture {
  protected final HttpClient http = HttpClient.newHttpClient();
  protected final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

  /** With a soft cluster budget, so the budget series exist. */
  @Override
  protected StratusConfig config() {
    StratusConfig c = super.config();
    MoneySettings m = c.money();
    return c.withMoney(
        new MoneySettings(
            m.prices(),
            m.ledger(),
            List.of(
                new Budget(
                    "cluster",
                    BudgetScope.CLUSTER,
                    new BudgetPeriod.Month(ZoneOffset.UTC),
                    new BigDecimal("10000"),
                    Budget.Mode.SOFT,
                    false,
                    List.of(80),
                    Optional.empty()))));
  }

  @Override
  protected Controller newController() {
    return newController(NodeCredentials.NONE, new StratusMetrics(registry));
  }

  @TempDir protected Path secretDir;

  /** The secret the endpoint checks signatures with; made by {@link #serve()}. */
  protected ControllerSecret secret;

  /**
   * The controller's endpoint on a free loopback port, checking signatures with a fresh {@link
   * #secret} (close it when done).
   */
  protected NoticeServer serve() throws Exception {
    secret = ControllerSecret.loadOrCreate(secretDir.resolve("keys/controller.secret"), "test");
    return Endpoint.start(
        Fixtures.config(List.of(Fixtures.pool("gpu", 4, SPOT, ON_DEMAND)), "fake"),
        "127.0.0.1:0",
        clock,
        secret,
        controller,
        Map.of("fake", cloud),
        () -> {},
        registry::scrape);
  }

  protected static URI base(NoticeServer server) {
    return URI.create("http://127.0.0.1:" + server.address().getPort());
  }

  /** {@code GET /metrics}: the text exposition, after checking the answer is 200. */
  protected String scrape(URI base) throws Exception {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(base.resolve("/metrics")).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new AssertionError("GET /metrics answered " + r.statusCode() + ": " + r.body());
    }
    return r.body();
  }
}
