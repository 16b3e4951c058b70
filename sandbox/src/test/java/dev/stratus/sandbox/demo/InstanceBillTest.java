package dev.stratus.sandbox.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstanceBillTest {
  @TempDir Path dir;

  @Test
  void eachInstanceOfTheClusterIsBilledFromItsOwnLaunchToItsEndAtItsOfferingsPrice()
      throws Exception {
    Path history = dir.resolve("history.jsonl");
    Files.writeString(
        history,
        """
        {"event":"launched","id":"local-00000001","cluster":"demo","offering":"local/local/rack-a/t/spot","at":"2026-11-21T12:00:00Z"}
        {"event":"launched","id":"local-00000002","cluster":"other","offering":"local/local/rack-a/t/spot","at":"2026-11-21T12:00:00Z"}
        {"event":"launched","id":"local-00000003","cluster":"demo","offering":"local/local/rack-a/t/on-demand","at":"2026-11-21T12:00:00Z"}
        {"event":"ended","id":"local-00000001","cluster":"demo","at":"2026-11-21T12:30:00Z"}
        """);

    InstanceBill bill =
        InstanceBill.of(
            history,
            "demo",
            Map.of(
                "local/local/rack-a/t/spot", new BigDecimal("36.00"),
                "local/local/rack-a/t/on-demand", new BigDecimal("72.00")),
            Instant.parse("2026-11-21T12:10:00Z"));

    // half an hour of spot ($18) and, still open, ten minutes of on-demand ($12)
    assertThat(bill.dollars()).isEqualByComparingTo("30.00");
    assertThat(bill.instances()).isEqualTo(2);
    assertThat(bill.open()).isEqualTo(1);
  }
}
