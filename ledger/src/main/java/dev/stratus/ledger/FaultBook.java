package dev.stratus.ledger;

import dev.stratus.core.money.FaultRecord;
import dev.stratus.core.money.IdleSpan;
import dev.stratus.core.money.OfferingFaults;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * GPU faults and idle spans into the ledger, inside the caller's transaction (see {@code
 * V3__faults_and_idle_spans.sql}). Each call changes nothing when it brings nothing new, so the
 * controller may send the same news again; an instance already settled whose charges it changes is
 * unsettled first and settles again at a later pass.
 */
final class FaultBook {
  private FaultBook() {}

  static void fault(Connection c, FaultRecord f) throws SQLException {
    long at = f.faultAt().toEpochMilli();
    Long oldAt = null;
    boolean oldAdmission = false;
    boolean settled = false;
    boolean known = false;
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT fault_at, fault_admission, settled_at FROM instances WHERE instance_id = ?")) {
      s.setString(1, f.instanceId());
      try (ResultSet r = s.executeQuery()) {
        if (r.next()) {
          known = true;
          long v = r.getLong(1);
          oldAt = r.wasNull() ? null : v;
          oldAdmission = r.getInt(2) == 1;
          r.getLong(3);
          settled = !r.wasNull();
        }
      }
    }
    if (!known) {
      insert(c, f);
      lostWork(c, f.instanceId(), newLostWork(c, f));
      return;
    }
    boolean earlier = oldAt == null || at < oldAt;
    boolean admission = oldAdmission || f.admission();
    Map<Long, Long> lost = newLostWork(c, f);
    if (!earlier && admission == oldAdmission && lost.isEmpty()) {
      return; // nothing new
    }
    if (settled) {
      Settler.unsettle(c, List.of(f.instanceId()), now(c, f.faultAt()));
    }
    try (PreparedStatement s =
        c.prepareStatement(
            "UPDATE instances SET fault_at = ?, fault_admission = ?,"
                + " fault_cause = CASE WHEN ? THEN ? ELSE fault_cause END WHERE instance_id = ?")) {
      s.setLong(1, earlier ? at : oldAt);
      s.setInt(2, admission ? 1 : 0);
      s.setBoolean(3, earlier);
      s.setString(4, f.cause());
      s.setString(5, f.instanceId());
      s.executeUpdate();
    }
    lostWork(c, f.instanceId(), lost);
  }

  /** An instance no pass has seen, from what the fault says; closed as any other. */
  private static void insert(Connection c, FaultRecord f) throws SQLException {
    String[] parts = f.offering().split("/", -1);
    // provider/region[/zone]/type/capacity, as OfferingKey.toString() spells it.
    String region = parts.length >= 4 ? parts[1] : f.offering();
    String zone = parts.length == 5 ? parts[2] : "";
    String type = parts.length >= 4 ? parts[parts.length - 2] : f.offering();
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO instances (instance_id, provider, region, zone, instance_type,"
                + " capacity_type, pool, partition_name, node, gpus, price_per_hour, price_kind,"
                + " price_source, price_as_of, launched_at, first_seen_at, last_seen_at, offering,"
                + " fault_at, fault_admission, fault_cause)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'CONFIGURED', ?, '', ?, ?, ?, ?, ?, ?,"
                + " ?)")) {
      long at = f.faultAt().toEpochMilli();
      s.setString(1, f.instanceId());
      s.setString(2, f.provider());
      s.setString(3, region);
      s.setString(4, zone);
      s.setString(5, type);
      s.setString(6, f.capacityType().name());
      s.setString(7, f.pool());
      s.setString(8, f.partition());
      s.setString(9, f.node());
      s.setInt(10, f.gpus());
      s.setString(11, f.pricePerHour().toPlainString());
      s.setString(12, "the GPU fault record: no pass listed it");
      s.setLong(13, f.launched().toEpochMilli());
      s.setLong(14, at);
      s.setLong(15, at);
      s.setString(16, f.offering());
      s.setLong(17, at);
      s.setInt(18, f.admission() ? 1 : 0);
      s.setString(19, f.cause());
      s.executeUpdate();
    }
  }

  /** The jobs whose lost-work point the fault sets or moves earlier. */
  private static Map<Long, Long> newLostWork(Connection c, FaultRecord f) throws SQLException {
    Map<Long, Long> out = new HashMap<>();
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT lost_from FROM lost_work WHERE instance_id = ? AND job_id = ?")) {
      for (Map.Entry<Long, Instant> e : f.lostWorkFrom().entrySet()) {
        long from = e.getValue().toEpochMilli();
        s.setString(1, f.instanceId());
        s.setLong(2, e.getKey());
        try (ResultSet r = s.executeQuery()) {
          if (!r.next() || from < r.getLong(1)) {
            out.put(e.getKey(), from);
          }
        }
      }
    }
    return out;
  }

  private static void lostWork(Connection c, String instanceId, Map<Long, Long> lost)
      throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO lost_work (instance_id, job_id, lost_from) VALUES (?, ?, ?)"
                + " ON CONFLICT (instance_id, job_id) DO UPDATE SET"
                + " lost_from = min(lost_from, excluded.lost_from)")) {
      for (Map.Entry<Long, Long> e : lost.entrySet()) {
        s.setString(1, instanceId);
        s.setLong(2, e.getKey());
        s.setLong(3, e.getValue());
        s.addBatch();
      }
      s.executeBatch();
    }
  }

  static void idle(Connection c, IdleSpan span) throws SQLException {
    long from = span.from().toEpochMilli();
    long to = span.to().toEpochMilli();
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT to_at FROM idle_spans WHERE job_id = ? AND node = ? AND from_at = ?")) {
      s.setLong(1, span.jobId());
      s.setString(2, span.node());
      s.setLong(3, from);
      try (ResultSet r = s.executeQuery()) {
        if (r.next() && r.getLong(1) >= to) {
          return; // known, and no longer than what the ledger has
        }
      }
    }
    List<String> settled = new ArrayList<>();
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT instance_id FROM instances WHERE node = ? AND settled_at IS NOT NULL"
                + " AND launched_at < ? AND ended_at > ?")) {
      s.setString(1, span.node());
      s.setLong(2, to);
      s.setLong(3, from);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          settled.add(r.getString(1));
        }
      }
    }
    Settler.unsettle(c, settled, now(c, span.to()));
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO idle_spans (job_id, node, from_at, to_at, idle_gpus) VALUES (?, ?, ?, ?, ?)"
                + " ON CONFLICT (job_id, node, from_at) DO UPDATE SET to_at = excluded.to_at,"
                + " idle_gpus = excluded.idle_gpus")) {
      s.setLong(1, span.jobId());
      s.setString(2, span.node());
      s.setLong(3, from);
      s.setLong(4, to);
      s.setInt(5, span.idleGpus());
      s.executeUpdate();
    }
  }

  /**
   * Per offering, the instances launched in {@code [from, to)} and how many of them faulted, at
   * admission or while running.
   */
  static List<OfferingFaults> perOffering(Connection c, Instant from, Instant to)
      throws SQLException {
    List<OfferingFaults> out = new ArrayList<>();
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT offering, count(*),"
                + " sum(CASE WHEN fault_at IS NOT NULL AND fault_admission = 1 THEN 1 ELSE 0 END),"
                + " sum(CASE WHEN fault_at IS NOT NULL AND fault_admission = 0 THEN 1 ELSE 0 END)"
                + " FROM instances WHERE launched_at >= ? AND launched_at < ?"
                + " GROUP BY offering ORDER BY offering")) {
      s.setLong(1, from.toEpochMilli());
      s.setLong(2, to.toEpochMilli());
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          out.add(new OfferingFaults(r.getString(1), r.getLong(2), r.getLong(3), r.getLong(4)));
        }
      }
    }
    return out;
  }

  /**
   * The time charges of settled instances are taken back out at: the last pass, or {@code at} when
   * later (their lives are over, so it changes no figure).
   */
  private static Instant now(Connection c, Instant at) throws SQLException {
    try (ResultSet r = c.createStatement().executeQuery("SELECT last_pass_at FROM passes")) {
      return r.next() && r.getLong(1) > at.toEpochMilli() ? Instant.ofEpochMilli(r.getLong(1)) : at;
    }
  }
}
