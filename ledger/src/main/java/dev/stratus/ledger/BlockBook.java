package dev.stratus.ledger;

import dev.stratus.core.money.BlockBooking;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The {@code block_purchases} table: one row per block bought; a repeat booking is refused. */
final class BlockBook {
  private BlockBook() {}

  static void book(Connection c, BlockBooking b) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO block_purchases (reservation, provider, usd, budget, bought_at)"
                + " VALUES (?, ?, ?, ?, ?)")) {
      s.setString(1, b.reservation());
      s.setString(2, b.provider());
      s.setString(3, b.usd().toPlainString());
      s.setString(4, b.budget());
      s.setLong(5, b.boughtAt().toEpochMilli());
      s.executeUpdate();
    }
  }

  static List<BlockBooking> all(Connection c) throws SQLException {
    List<BlockBooking> out = new ArrayList<>();
    try (ResultSet r =
        c.createStatement()
            .executeQuery(
                "SELECT provider, reservation, usd, budget, bought_at FROM block_purchases"
                    + " ORDER BY bought_at")) {
      while (r.next()) {
        out.add(
            new BlockBooking(
                r.getString(1),
                r.getString(2),
                new BigDecimal(r.getString(3)),
                r.getString(4),
                Instant.ofEpochMilli(r.getLong(5))));
      }
    }
    return out;
  }
}
