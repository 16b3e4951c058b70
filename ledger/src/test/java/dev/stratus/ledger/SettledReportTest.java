package dev.stratus.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.money.CostReport;
import dev.stratus.core.money.Money;
import dev.stratus.core.money.ReportKey;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettledReportTest {
  static final int PASSES = 6 * 48; // six days of passes, half an hour apart

  @TempDir Path dir;

  @Test
  void theFastReportGivesTheFullAttributionsFiguresToTheCentForEveryKeyRangeAndBucket()
      throws Exception {
    for (long seed : new long[] {1, 2, 3}) {
      Path file = dir.resolve("ledger-" + seed + ".db");
      try (SqliteCostLedger ledger = SqliteCostLedger.open(file)) {
        new RandomHistory(seed).withFaultsAndIdle(seed + 100).run(ledger, PASSES);
        assertThat(count(file, "fault_at IS NOT NULL AND fault_admission = 0"))
            .as("running faults")
            .isGreaterThan(3);
        assertThat(count(file, "fault_admission = 1")).as("admission faults").isGreaterThan(3);
        assertThat(count(file, "settled_at IS NOT NULL")).as("settled").isGreaterThan(20);
        assertThat(count(file, "settled_at IS NULL")).as("unsettled").isGreaterThan(5);
        Instant now = RandomHistory.at(PASSES - 1);
        Instant day0 = Instant.parse("2026-10-01T00:00:00Z");
        for (ReportKey by : ReportKey.values()) {
          assertSame(ledger, by, day0, day0.plus(Duration.ofDays(7)), Duration.ofDays(1), now);
          assertSame(ledger, by, day0.plusSeconds(4000), now, Duration.ofDays(1), now);
          assertSame(ledger, by, day0, day0.plus(Duration.ofDays(8)), Duration.ofDays(2), now);
          assertSame(ledger, by, day0.plus(Duration.ofDays(1)), now, Duration.ofHours(6), now);
        }
        CostReport all = new CostReport(ReportKey.OFFERING, day0, now, Duration.ofDays(1));
        ledger.report(all, now);
        assertThat(all.faultyTotal().signum()).as("faulty").isPositive();
        assertThat(all.wasteTotal().signum()).as("waste").isPositive();
      }
    }
  }

  @Test
  void anInstanceListedAgainAfterItSettledLeavesTheSettledSumsAndIsCountedOnce() throws Exception {
    Path file = dir.resolve("ghost.db");
    try (SqliteCostLedger ledger = SqliteCostLedger.open(file)) {
      RandomHistory history = new RandomHistory(7);
      history.run(ledger, PASSES);
      String ghost = "instance_id = '" + history.ghost() + "'";
      Instant now = RandomHistory.at(PASSES - 1);
      Instant day0 = Instant.parse("2026-10-01T00:00:00Z");
      assertSame(
          ledger, ReportKey.POOL, day0, day0.plus(Duration.ofDays(7)), Duration.ofDays(1), now);
      // The ghost vanished early, settled a day later, was listed again for three passes on day 3
      // and vanished again: unsettled, then settled once more from its new end.
      assertThat(
              count(
                  file,
                  ghost + " AND settled_at > " + day0.plus(Duration.ofDays(4)).toEpochMilli()))
          .isEqualTo(1);
      assertThat(
              count(
                  file, ghost + " AND ended_at > " + day0.plus(Duration.ofDays(3)).toEpochMilli()))
          .isEqualTo(1);
    }
  }

  private static void assertSame(
      SqliteCostLedger ledger,
      ReportKey by,
      Instant from,
      Instant to,
      Duration bucket,
      Instant now) {
    CostReport fast = new CostReport(by, from, to, bucket);
    ledger.report(fast, now);
    CostReport full = new CostReport(by, from, to, bucket);
    ledger.extract(from, to).charges(now, full);
    String what = by + " " + from + ".." + to + " by " + bucket;
    assertThat(cents(fast.series())).as(what).isEqualTo(cents(full.series()));
    assertThat(fast.rows().stream().map(SettledReportTest::row).toList())
        .as(what)
        .isEqualTo(full.rows().stream().map(SettledReportTest::row).toList());
    assertThat(Money.cents(fast.total())).as(what).isEqualTo(Money.cents(full.total()));
    assertThat(Money.cents(fast.faultyTotal())).as(what).isEqualTo(Money.cents(full.faultyTotal()));
    assertThat(Money.cents(fast.wasteTotal())).as(what).isEqualTo(Money.cents(full.wasteTotal()));
    assertThat(fast.total().subtract(full.total()).abs()).isLessThan(new BigDecimal("1e-12"));
    assertThat(full.total().signum()).isPositive();
  }

  private static String row(CostReport.Row r) {
    return r.key()
        + " "
        + Money.cents(r.amount())
        + " faulty "
        + Money.cents(r.faulty())
        + " waste "
        + Money.cents(r.waste());
  }

  private static Map<String, List<BigDecimal>> cents(Map<String, List<BigDecimal>> series) {
    Map<String, List<BigDecimal>> out = new LinkedHashMap<>();
    series.forEach((k, v) -> out.put(k, v.stream().map(Money::cents).toList()));
    return out;
  }

  static int count(Path file, String where) throws Exception {
    try (Connection c = LedgerDatabase.open(file).connect(false);
        ResultSet r =
            c.createStatement().executeQuery("SELECT count(*) FROM instances WHERE " + where)) {
      r.next();
      return r.getInt(1);
    }
  }
}
