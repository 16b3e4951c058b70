package dev.stratus.ledger;

import dev.stratus.core.money.Charge;
import dev.stratus.core.money.CostReport;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A cost report from the ledger, the fast way and to the same figures as attributing every
 * instance: settled days come from {@code settled_spend}; unsettled instances are attributed live;
 * settled instances are attributed live only for the stretches of the range no settled day serves
 * (a partial first or last day, a bucket that cuts a day, or {@code --by job}, which is not kept).
 */
final class SettledReport {
  private static final long DAY = Settler.DAY.toMillis();

  private SettledReport() {}

  static void fill(Connection c, CostReport report, Instant now) throws SQLException {
    c.setAutoCommit(false);
    try {
      long from = report.from().toEpochMilli();
      long to = report.to().toEpochMilli();
      boolean kept = Settler.KEYS.contains(report.by());
      List<long[]> live = new ArrayList<>(); // stretches settled days do not serve
      for (long day = Math.floorDiv(from, DAY) * DAY; day < to; day += DAY) {
        long a = Math.max(day, from);
        long b = Math.min(day + DAY, to);
        if (!(kept && served(report, day))) {
          if (!live.isEmpty() && live.get(live.size() - 1)[1] == a) {
            live.get(live.size() - 1)[1] = b;
          } else {
            live.add(new long[] {a, b});
          }
        }
      }
      if (kept) {
        SettledSpend.into(c, report, from, to, day -> served(report, day));
      }
      LedgerReader.extractWhere(
              c,
              "settled_at IS NULL AND launched_at < ? AND (ended_at IS NULL OR ended_at >= ?)",
              to,
              from)
          .charges(now, report);
      for (long[] stretch : live) {
        Instant a = Instant.ofEpochMilli(stretch[0]);
        Instant b = Instant.ofEpochMilli(stretch[1]);
        LedgerReader.extractWhere(
                c,
                "settled_at IS NOT NULL AND launched_at < ? AND ended_at >= ?",
                stretch[1],
                stretch[0])
            .charges(
                now,
                charge -> {
                  Charge part = charge.within(a, b);
                  if (part != null) {
                    report.accept(part);
                  }
                });
      }
    } finally {
      c.commit();
    }
  }

  /** Whether settled day {@code day} goes into the report whole, into one bucket. */
  private static boolean served(CostReport report, long day) {
    return report.oneBucket(Instant.ofEpochMilli(day), Instant.ofEpochMilli(day + DAY));
  }
}
