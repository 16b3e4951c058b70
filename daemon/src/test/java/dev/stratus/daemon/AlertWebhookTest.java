package dev.stratus.daemon;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.stratus.core.controller.AlertWebhook;
import dev.stratus.core.money.Budget;
import dev.stratus.core.money.BudgetPeriod;
import dev.stratus.core.money.BudgetScope;
import dev.stratus.core.money.BudgetStatus;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A budget alert is a JSON POST with java.net.http to the budget's webhook, on loopback here. */
class AlertWebhookTest {
  @RegisterExtension
  static WireMockExtension receiver =
      WireMockExtension.newInstance()
          .options(wireMockConfig().dynamicPort().bindAddress("127.0.0.1"))
          .build();

  static final Instant NOW = Instant.parse("2026-11-16T00:00:00Z");

  static BudgetStatus teamAAt830() {
    Budget b =
        new Budget(
            "team-a",
            BudgetScope.account("team-a"),
            new BudgetPeriod.Month(ZoneOffset.UTC),
            new BigDecimal("1000"),
            Budget.Mode.SOFT,
            false,
            List.of(80),
            Optional.of("http://127.0.0.1/alerts"));
    return BudgetStatus.of(
        b,
        b.period().window(NOW).orElseThrow(),
        new BigDecimal("830.123"),
        new BigDecimal("40"),
        List.of(),
        NOW);
  }

  URI alerts() {
    return URI.create(receiver.baseUrl() + "/alerts");
  }

  @Test
  void theAlertIsPostedAsJsonWithTheBudgetsFigures() throws Exception {
    receiver.stubFor(post("/alerts").willReturn(aResponse().withStatus(204)));

    int status =
        AlertWebhook.http(HttpClient.newHttpClient())
            .post(alerts(), AlertWebhook.body(teamAAt830(), 80, NOW))
            .get(10, TimeUnit.SECONDS);

    assertThat(status).isEqualTo(204);
    receiver.verify(
        postRequestedFor(urlEqualTo("/alerts"))
            .withHeader("Content-Type", equalTo("application/json"))
            .withRequestBody(
                equalToJson(
                    "{\"event\":\"budget_alert\",\"budget\":\"team-a\",\"period\":\"month\","
                        + "\"scope\":\"account team-a\",\"mode\":\"soft\",\"threshold_percent\":80,"
                        + "\"percent_spent\":83,\"amount_usd\":1000.00,\"spent_usd\":830.12,"
                        + "\"reserved_usd\":40.00,\"remaining_usd\":129.88,"
                        + "\"at\":\"2026-11-16T00:00:00Z\"}")));
  }

  @Test
  void aReceiverThatRefusesIsReportedNotThrown() throws Exception {
    receiver.stubFor(post("/alerts").willReturn(aResponse().withStatus(503)));

    assertThat(
            AlertWebhook.http(HttpClient.newHttpClient())
                .post(alerts(), "{}")
                .get(10, TimeUnit.SECONDS))
        .isEqualTo(503);
  }

  @Test
  void aReceiverThatIsNotThereEndsTheFutureWithMinusOne() throws Exception {
    URI nobody = URI.create("http://127.0.0.1:" + freePort() + "/alerts");

    assertThat(
            AlertWebhook.http(HttpClient.newHttpClient())
                .post(nobody, "{}")
                .get(20, TimeUnit.SECONDS))
        .isEqualTo(-1);
  }

  static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
