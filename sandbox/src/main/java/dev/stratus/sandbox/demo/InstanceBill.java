package dev.stratus.sandbox.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.core.money.BillingRule;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the instances themselves say they cost, apart from the controller's ledger: each instance's
 * own launch and end times from the local provider's {@code history.jsonl} (its documented audit
 * trail, providers/local/README.md) × its offering's price, billed as its cloud bills. An instance
 * with no end yet is billed to {@code now} and counted in {@link #open()}.
 */
record InstanceBill(BigDecimal dollars, int instances, int open) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The bill of {@code cluster}'s instances in {@code history}; prices by offering key. */
  static InstanceBill of(Path history, String cluster, Map<String, BigDecimal> prices, Instant now)
      throws IOException {
    Map<String, String> offering = new LinkedHashMap<>();
    Map<String, Instant> launched = new HashMap<>();
    Map<String, Instant> ended = new HashMap<>();
    if (Files.exists(history)) {
      for (String line : Files.readAllLines(history)) {
        JsonNode event = JSON.readTree(line);
        if (!cluster.equals(event.path("cluster").asText())) {
          continue;
        }
        String id = event.path("id").asText();
        Instant at = Instant.parse(event.path("at").asText());
        if (event.path("event").asText().equals("launched")) {
          offering.put(id, event.path("offering").asText());
          launched.put(id, at);
        } else {
          ended.put(id, at);
        }
      }
    }
    BigDecimal total = BigDecimal.ZERO;
    int open = 0;
    for (var entry : offering.entrySet()) {
      String id = entry.getKey();
      BigDecimal price = prices.get(entry.getValue());
      if (price == null) {
        throw new IOException("instance " + id + " ran an offering priced nowhere: " + entry);
      }
      Instant end = ended.getOrDefault(id, now);
      open += ended.containsKey(id) ? 0 : 1;
      String provider = entry.getValue().substring(0, entry.getValue().indexOf('/'));
      total =
          total.add(
              BillingRule.forProvider(provider)
                  .cost(price, Duration.between(launched.get(id), end)));
    }
    return new InstanceBill(total, offering.size(), open);
  }
}
