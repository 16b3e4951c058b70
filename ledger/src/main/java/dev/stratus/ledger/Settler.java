package dev.stratus.ledger;

import dev.stratus.core.money.Charge;
import dev.stratus.core.money.LedgerExtract;
import dev.stratus.core.money.ReportKey;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Settles instances whose charges can no longer change (see {@code V2__settled_spend.sql}): their
 * charges, attributed once, are added per UTC day and report key into {@code settled_spend}, and
 * they are marked settled, inside the caller's transaction, so a crash leaves both or neither. An
 * instance seen alive again is unsettled first: the same charges are taken back out (sums are
 * exact, so they return to what they were).
 */
final class Settler {
  /** How long after its end an instance waits before it settles: late squeue news lands first. */
  static final Duration AFTER = Duration.ofDays(1);

  /**
   * An instance asked for by a job squeue has not shown (its owner unknown) waits this long for it,
   * then settles with the owner unknown.
   */
  static final Duration UNKNOWN_ASKER = Duration.ofDays(7);

  /** Instances settled per pass at most, oldest first, so catching up never stalls a pass. */
  static final int PER_PASS = 500;

  static final Duration DAY = Duration.ofDays(1);

  /** The report keys kept per day; {@code --by job} is always attributed live. */
  static final List<ReportKey> KEYS =
      List.of(
          ReportKey.USER,
          ReportKey.ACCOUNT,
          ReportKey.PARTITION,
          ReportKey.POOL,
          ReportKey.CAPACITY_TYPE,
          ReportKey.OFFERING);

  private Settler() {}

  /**
   * Settles up to {@code limit} instances that ended by {@code now - after} with no open allocation
   * during their lives and the owner of the job that asked for them known; how many it settled.
   */
  static int settle(Connection c, Instant now, Duration after, int limit) throws SQLException {
    List<String> ids = new ArrayList<>();
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT instance_id FROM instances i WHERE settled_at IS NULL AND ended_at <= ?"
                + " AND NOT EXISTS (SELECT 1 FROM allocations a WHERE a.node = i.node"
                + "   AND a.ended_at IS NULL AND a.started_at < i.ended_at)"
                + " AND (i.requested_by_job IS NULL OR i.ended_at <= ?"
                + "   OR EXISTS (SELECT 1 FROM jobs j WHERE j.job_id = i.requested_by_job))"
                + " ORDER BY ended_at LIMIT ?")) {
      s.setLong(1, now.minus(after).toEpochMilli());
      s.setLong(2, now.minus(UNKNOWN_ASKER).toEpochMilli());
      s.setInt(3, limit);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          ids.add(r.getString(1));
        }
      }
    }
    apply(c, ids, now, true);
    return ids.size();
  }

  /** Takes those of {@code ids} that are settled back out of the sums (before they change). */
  static void unsettle(Connection c, Collection<String> ids, Instant now) throws SQLException {
    List<String> settled = new ArrayList<>();
    List<String> all = new ArrayList<>(ids);
    for (int from = 0; from < all.size(); from += 500) {
      List<String> chunk = all.subList(from, Math.min(all.size(), from + 500));
      try (PreparedStatement s =
          c.prepareStatement(
              "SELECT instance_id FROM instances WHERE settled_at IS NOT NULL AND instance_id IN ("
                  + String.join(",", Collections.nCopies(chunk.size(), "?"))
                  + ")")) {
        for (int k = 0; k < chunk.size(); k++) {
          s.setString(k + 1, chunk.get(k));
        }
        try (ResultSet r = s.executeQuery()) {
          while (r.next()) {
            settled.add(r.getString(1));
          }
        }
      }
    }
    apply(c, settled, now, false);
  }

  private static void apply(Connection c, List<String> ids, Instant now, boolean settle)
      throws SQLException {
    if (ids.isEmpty()) {
      return;
    }
    Map<DayKey, BigDecimal[]> sums = new HashMap<>();
    for (int from = 0; from < ids.size(); from += 500) {
      List<String> chunk = ids.subList(from, Math.min(ids.size(), from + 500));
      String in = String.join(",", Collections.nCopies(chunk.size(), "?"));
      LedgerExtract e =
          LedgerReader.extractWhere(c, "instance_id IN (" + in + ")", chunk.toArray(String[]::new));
      e.charges(now, charge -> add(sums, charge, settle));
      try (PreparedStatement s =
          c.prepareStatement(
              "UPDATE instances SET settled_at = ? WHERE instance_id IN (" + in + ")")) {
        if (settle) {
          s.setLong(1, now.toEpochMilli());
        } else {
          s.setNull(1, Types.INTEGER);
        }
        for (int k = 0; k < chunk.size(); k++) {
          s.setString(k + 2, chunk.get(k));
        }
        s.executeUpdate();
      }
    }
    SettledSpend.add(c, sums);
  }

  /**
   * The charge's part in each UTC day it touches, under each kept key: {amount, its faulty part,
   * its waste part}.
   */
  private static void add(Map<DayKey, BigDecimal[]> sums, Charge charge, boolean settle) {
    long first = dayOf(charge.from());
    long last = charge.from().equals(charge.to()) ? first : dayOf(charge.to().minusMillis(1));
    for (long day = first; day <= last; day += DAY.toMillis()) {
      Charge part =
          first == last
              ? charge
              : charge.within(
                  Instant.ofEpochMilli(day), Instant.ofEpochMilli(day + DAY.toMillis()));
      if (part == null) {
        continue;
      }
      BigDecimal amount = settle ? part.amount() : part.amount().negate();
      int kind = part.key().faulty() ? 1 : part.key().waste() ? 2 : 0;
      for (ReportKey k : KEYS) {
        BigDecimal[] sum =
            sums.computeIfAbsent(
                new DayKey(k.label(), day, k.of(part.key())),
                key -> new BigDecimal[] {BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO});
        sum[0] = sum[0].add(amount);
        if (kind > 0) {
          sum[kind] = sum[kind].add(amount);
        }
      }
    }
  }

  static long dayOf(Instant t) {
    return Math.floorDiv(t.toEpochMilli(), DAY.toMillis()) * DAY.toMillis();
  }

  /** One row of {@code settled_spend}. */
  record DayKey(String dim, long day, String group) {}
}
