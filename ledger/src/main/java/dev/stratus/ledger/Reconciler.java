package dev.stratus.ledger;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Tags;
import dev.stratus.core.money.InstanceSighting;
import dev.stratus.core.money.LedgerObservation;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

/**
 * One pass into the ledger, inside the caller's transaction: instances seen (inserted on first
 * sight with their price; then only {@code last_seen_at} moves, never back), instances missed
 * (closed, see {@link dev.stratus.core.money.CostLedger}), then the jobs ({@link JobReconciler}),
 * then the instances due to settle ({@link Settler}).
 */
final class Reconciler {
  private static final String UPSERT =
      "INSERT INTO instances (instance_id, provider, region, zone, instance_type, capacity_type,"
          + " pool, partition_name, node, gpus, requested_by_job, price_per_hour, price_kind,"
          + " price_source, price_fetched_at, price_as_of, launched_at, first_seen_at, running_at,"
          + " last_seen_at, offering)"
          + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
          + " ON CONFLICT (instance_id) DO UPDATE SET"
          + " last_seen_at = max(last_seen_at, excluded.last_seen_at),"
          + " running_at = coalesce(running_at, excluded.running_at),"
          + " ended_at = NULL, end_reason = NULL";

  private Reconciler() {}

  static void reconcile(Connection c, LedgerObservation o, Duration settleAfter)
      throws SQLException {
    long now = o.now().toEpochMilli();
    Set<String> seen = new HashSet<>();
    for (InstanceSighting sighting : o.instances()) {
      if (sighting.instance().state() != InstanceState.TERMINATED) {
        seen.add(sighting.instance().id());
      }
    }
    // An instance closed and settled that is seen alive again leaves the settled sums first.
    Settler.unsettle(c, seen, o.now());
    Set<String> bound = new HashSet<>();
    try (PreparedStatement s = c.prepareStatement(UPSERT)) {
      for (InstanceSighting sighting : o.instances()) {
        Instance i = sighting.instance();
        if (i.state() == InstanceState.TERMINATED || !bound.add(i.id())) {
          continue;
        }
        bind(s, sighting, now);
        s.addBatch();
      }
      s.executeBatch();
    }
    closeMissed(c, o, seen, now);
    if (o.jobs().isPresent()) {
      JobReconciler.reconcile(c, o.jobs().get(), now);
    }
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO passes (id, last_pass_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET"
                + " last_pass_at = max(last_pass_at, excluded.last_pass_at)")) {
      s.setLong(1, now);
      s.executeUpdate();
    }
    Settler.settle(c, o.now(), settleAfter, Settler.PER_PASS);
  }

  private static void bind(PreparedStatement s, InstanceSighting sighting, long now)
      throws SQLException {
    Instance i = sighting.instance();
    var key = i.offering();
    s.setString(1, i.id());
    s.setString(2, key.provider());
    s.setString(3, key.region());
    s.setString(4, key.zone());
    s.setString(5, key.instanceType());
    s.setString(6, key.capacityType().name());
    s.setString(7, sighting.pool());
    s.setString(8, sighting.partition());
    s.setString(9, i.nodeName().orElse("(none)"));
    s.setInt(10, sighting.gpus());
    Long job = requestedBy(i);
    if (job == null) {
      s.setNull(11, Types.INTEGER);
    } else {
      s.setLong(11, job);
    }
    s.setString(12, sighting.pricePerHour().toPlainString());
    s.setString(13, sighting.priceOrigin().kind().name());
    s.setString(14, sighting.priceOrigin().source());
    if (sighting.priceOrigin().fetchedAt().isPresent()) {
      s.setLong(15, sighting.priceOrigin().fetchedAt().get().toEpochMilli());
    } else {
      s.setNull(15, Types.INTEGER);
    }
    s.setString(16, sighting.priceOrigin().asOf());
    s.setLong(17, i.launchedAt().toEpochMilli());
    s.setLong(18, now);
    if (i.state() == InstanceState.RUNNING) {
      s.setLong(19, now);
    } else {
      s.setNull(19, Types.INTEGER);
    }
    s.setLong(20, now);
    s.setString(21, key.toString());
  }

  /** The {@code stratus:job} tag, when it is a job id. */
  private static Long requestedBy(Instance i) {
    String tag = i.tags().get(Tags.JOB);
    if (tag == null || !tag.matches("[1-9][0-9]{0,17}")) {
      return null;
    }
    return Long.parseLong(tag);
  }

  /**
   * Open instances of listed providers that this pass did not see end: at Stratus's terminate
   * request when it came after the last sighting, else now (the first pass that missed them).
   */
  private static void closeMissed(Connection c, LedgerObservation o, Set<String> seen, long now)
      throws SQLException {
    try (PreparedStatement open =
            c.prepareStatement(
                "SELECT instance_id, provider, last_seen_at, terminate_requested_at FROM instances"
                    + " WHERE ended_at IS NULL");
        PreparedStatement close =
            c.prepareStatement(
                "UPDATE instances SET ended_at = ?, end_reason = ? WHERE instance_id = ?");
        ResultSet r = open.executeQuery()) {
      while (r.next()) {
        String id = r.getString(1);
        if (seen.contains(id) || !o.listedProviders().contains(r.getString(2))) {
          continue;
        }
        long lastSeen = r.getLong(3);
        long requested = r.getLong(4);
        boolean byStratus = !r.wasNull() && requested >= lastSeen;
        close.setLong(1, byStratus ? requested : Math.max(now, lastSeen));
        close.setString(2, byStratus ? "terminated" : "vanished");
        close.setString(3, id);
        close.addBatch();
      }
      close.executeBatch();
    }
  }
}
