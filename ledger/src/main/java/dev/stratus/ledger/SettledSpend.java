package dev.stratus.ledger;

import dev.stratus.core.money.CostReport;
import dev.stratus.ledger.Settler.DayKey;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * The {@code settled_spend} table: exact decimal sums per report key and UTC day, each with its
 * faulty and waste parts. Amounts are added in Java, not by SQL (whose arithmetic on text would go
 * through floating point).
 */
final class SettledSpend {
  private SettledSpend() {}

  /**
   * Adds each sum ({amount, faulty part, waste part}) to its row (a row that comes to zero is
   * removed).
   */
  static void add(Connection c, Map<DayKey, BigDecimal[]> sums) throws SQLException {
    try (PreparedStatement read =
            c.prepareStatement(
                "SELECT amount, faulty, waste FROM settled_spend WHERE dim = ? AND day = ?"
                    + " AND grp = ?");
        PreparedStatement write =
            c.prepareStatement(
                "INSERT INTO settled_spend (dim, day, grp, amount, faulty, waste)"
                    + " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (dim, day, grp) DO UPDATE SET"
                    + " amount = excluded.amount, faulty = excluded.faulty,"
                    + " waste = excluded.waste");
        PreparedStatement remove =
            c.prepareStatement("DELETE FROM settled_spend WHERE dim = ? AND day = ? AND grp = ?")) {
      for (Map.Entry<DayKey, BigDecimal[]> e : sums.entrySet()) {
        DayKey k = e.getKey();
        bind(read, k);
        BigDecimal[] total = e.getValue().clone();
        try (ResultSet r = read.executeQuery()) {
          if (r.next()) {
            for (int i = 0; i < total.length; i++) {
              total[i] = total[i].add(new BigDecimal(r.getString(i + 1)));
            }
          }
        }
        if (total[0].signum() == 0 && total[1].signum() == 0 && total[2].signum() == 0) {
          bind(remove, k);
          remove.addBatch();
        } else {
          bind(write, k);
          for (int i = 0; i < total.length; i++) {
            write.setString(4 + i, total[i].toPlainString());
          }
          write.addBatch();
        }
      }
      write.executeBatch();
      remove.executeBatch();
    }
  }

  /**
   * Adds to {@code report} every settled day in {@code [fromDay, toDay)} that {@code usable}
   * accepts, under the report's key.
   */
  static void into(Connection c, CostReport report, long fromDay, long toDay, LongPredicate usable)
      throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT day, grp, amount, faulty, waste FROM settled_spend WHERE dim = ? AND day >= ?"
                + " AND day < ?")) {
      s.setString(1, report.by().label());
      s.setLong(2, fromDay);
      s.setLong(3, toDay);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          long day = r.getLong(1);
          if (usable.test(day)) {
            report.add(
                r.getString(2),
                Instant.ofEpochMilli(day),
                Instant.ofEpochMilli(day + Settler.DAY.toMillis()),
                new BigDecimal(r.getString(3)),
                new BigDecimal(r.getString(4)),
                new BigDecimal(r.getString(5)));
          }
        }
      }
    }
  }

  private static void bind(PreparedStatement s, DayKey k) throws SQLException {
    s.setString(1, k.dim());
    s.setLong(2, k.day());
    s.setString(3, k.group());
  }
}
