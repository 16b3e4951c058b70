package dev.stratus.core.controller;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stratus.core.money.BudgetStatus;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A budget alert as a JSON POST to the budget's {@code webhook} (java.net.http, asynchronous: the
 * pass never waits for the receiver). The body:
 *
 * <pre>{@code
 * {"event":"budget_alert","budget":"team-a","period":"month","scope":"account team-a",
 *  "mode":"soft","threshold_percent":80,"percent_spent":83,"amount_usd":1000.00,
 *  "spent_usd":830.12,"reserved_usd":40.00,"remaining_usd":129.88,"at":"2026-11-21T12:00:00Z"}
 * }</pre>
 *
 * A receiver that answers other than 2xx, or cannot be reached within 10 s, is logged; the alert is
 * not sent again (it still went out as an event and a metric).
 */
public final class AlertWebhook {
  private static final Logger log = LoggerFactory.getLogger(AlertWebhook.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  /** Where an alert goes once its threshold is crossed; returns when the POST has ended. */
  @FunctionalInterface
  public interface Sender {
    Sender NONE = (url, body) -> CompletableFuture.completedFuture(0);

    CompletableFuture<Integer> post(URI url, String json);
  }

  private AlertWebhook() {}

  /** Posts with {@code client}; the future's value is the HTTP status. */
  public static Sender http(HttpClient client) {
    return (url, json) ->
        client
            .sendAsync(
                HttpRequest.newBuilder(url)
                    .timeout(TIMEOUT)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(json))
                    .build(),
                HttpResponse.BodyHandlers.discarding())
            .thenApply(
                r -> {
                  if (r.statusCode() / 100 != 2) {
                    log.warn("budget webhook {} answered HTTP {}", url, r.statusCode());
                  }
                  return r.statusCode();
                })
            .exceptionally(
                e -> {
                  log.warn("budget webhook {} failed: {}", url, e.getMessage());
                  return -1;
                });
  }

  /** The JSON body for a crossed {@code threshold} (see the class comment). */
  public static String body(BudgetStatus s, int threshold, Instant at) {
    ObjectNode o = JSON.createObjectNode();
    o.put("event", "budget_alert");
    o.put("budget", s.budget().name());
    o.put("period", s.budget().period().label());
    o.put("scope", s.budget().scope().label());
    o.put("mode", s.budget().mode().name().toLowerCase(Locale.ROOT));
    o.put("threshold_percent", threshold);
    o.put("percent_spent", s.percentSpent());
    o.put("amount_usd", cents(s.budget().amount()));
    o.put("spent_usd", cents(s.spent()));
    o.put("reserved_usd", cents(s.reserved()));
    o.put("remaining_usd", cents(s.remaining()));
    o.put("at", at.toString());
    return o.toString();
  }

  private static BigDecimal cents(BigDecimal v) {
    return v.setScale(2, RoundingMode.HALF_UP);
  }
}
