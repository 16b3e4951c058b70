package dev.stratus.ledger;

import dev.stratus.api.model.CapacityType;
import dev.stratus.core.money.AllocationSpan;
import dev.stratus.core.money.IdleSpan;
import dev.stratus.core.money.InstanceSpan;
import dev.stratus.core.money.JobOwner;
import dev.stratus.core.money.LedgerExtract;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Reads spans out of the ledger for attribution. A read runs in one transaction (a snapshot of the
 * WAL), so a report sees one consistent set of passes.
 */
final class LedgerReader {
  private static final String INSTANCE_COLUMNS =
      "instance_id, provider, pool, partition_name, node, capacity_type, gpus, price_per_hour,"
          + " launched_at, ended_at, requested_by_job, offering, fault_at, fault_admission";

  /** Up to this many jobs' owners are looked up by id; more, and the table is scanned. */
  private static final int LOOKUPS = 20_000;

  /** Up to this many instances, allocations are looked up node by node; more, by one range scan. */
  private static final int BY_NODE = 5_000;

  private LedgerReader() {}

  static LedgerExtract extract(Connection c, Instant from, Instant to) throws SQLException {
    c.setAutoCommit(false);
    try {
      List<InstanceSpan> instances = new ArrayList<>();
      long earliest = Long.MAX_VALUE;
      try (PreparedStatement s =
          c.prepareStatement(
              "SELECT "
                  + INSTANCE_COLUMNS
                  + " FROM instances WHERE launched_at < ?"
                  + " AND (ended_at IS NULL OR ended_at >= ?)")) {
        s.setLong(1, to.toEpochMilli());
        s.setLong(2, from.toEpochMilli());
        try (ResultSet r = s.executeQuery()) {
          while (r.next()) {
            InstanceSpan i = instance(r);
            instances.add(i);
            earliest = Math.min(earliest, i.launched().toEpochMilli());
          }
        }
      }
      List<AllocationSpan> allocations = new ArrayList<>();
      if (!instances.isEmpty()) {
        try (PreparedStatement s =
            c.prepareStatement(
                "SELECT job_id, node, gpus, started_at, ended_at FROM allocations WHERE started_at < ?"
                    + " AND (ended_at IS NULL OR ended_at > ?)")) {
          s.setLong(1, to.toEpochMilli());
          s.setLong(2, earliest);
          allocations(s, allocations);
        }
      }
      return extract(c, instances, allocations);
    } finally {
      c.commit();
    }
  }

  static LedgerExtract extractJob(Connection c, long jobId) throws SQLException {
    c.setAutoCommit(false);
    try {
      List<InstanceSpan> instances = new ArrayList<>();
      try (PreparedStatement s =
          c.prepareStatement(
              "SELECT "
                  + INSTANCE_COLUMNS
                  + " FROM instances i WHERE i.requested_by_job = ?"
                  + " OR EXISTS (SELECT 1 FROM allocations a WHERE a.job_id = ? AND a.node = i.node"
                  + "   AND a.started_at < coalesce(i.ended_at, 9223372036854775807)"
                  + "   AND coalesce(a.ended_at, 9223372036854775807) > i.launched_at)")) {
        s.setLong(1, jobId);
        s.setLong(2, jobId);
        try (ResultSet r = s.executeQuery()) {
          while (r.next()) {
            instances.add(instance(r));
          }
        }
      }
      return extract(c, instances, byNode(c, instances));
    } finally {
      c.commit();
    }
  }

  /**
   * The instances matching {@code where} (over the {@code instances} table, with {@code params}
   * bound in order), every allocation on their nodes during their lives, and the owners. Each
   * instance's allocations are looked up by node: the instances may lie far apart in time.
   */
  static LedgerExtract extractWhere(Connection c, String where, Object... params)
      throws SQLException {
    List<InstanceSpan> instances = new ArrayList<>();
    try (PreparedStatement s =
        c.prepareStatement("SELECT " + INSTANCE_COLUMNS + " FROM instances WHERE " + where)) {
      for (int k = 0; k < params.length; k++) {
        s.setObject(k + 1, params[k]);
      }
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          instances.add(instance(r));
        }
      }
    }
    List<AllocationSpan> allocations = new ArrayList<>();
    if (instances.size() > BY_NODE) {
      long start = instances.stream().mapToLong(i -> i.launched().toEpochMilli()).min().orElse(0);
      long end =
          instances.stream()
              .mapToLong(i -> i.ended().map(Instant::toEpochMilli).orElse(Long.MAX_VALUE))
              .max()
              .orElse(0);
      try (PreparedStatement s =
          c.prepareStatement(
              "SELECT job_id, node, gpus, started_at, ended_at FROM allocations WHERE started_at < ?"
                  + " AND (ended_at IS NULL OR ended_at > ?)")) {
        s.setLong(1, end);
        s.setLong(2, start);
        allocations(s, allocations);
      }
      return extract(c, instances, allocations);
    }
    return extract(c, instances, byNode(c, instances));
  }

  /** Every allocation on each instance's node during its life, each once. */
  private static List<AllocationSpan> byNode(Connection c, List<InstanceSpan> instances)
      throws SQLException {
    List<AllocationSpan> allocations = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT job_id, node, gpus, started_at, ended_at FROM allocations WHERE node = ?"
                + " AND started_at < ? AND (ended_at IS NULL OR ended_at > ?)")) {
      for (InstanceSpan i : instances) {
        s.setString(1, i.node());
        s.setLong(2, i.ended().map(Instant::toEpochMilli).orElse(Long.MAX_VALUE));
        s.setLong(3, i.launched().toEpochMilli());
        List<AllocationSpan> found = new ArrayList<>();
        allocations(s, found);
        // Two instances of one node may share an allocation: the extract holds it once.
        found.stream()
            .filter(a -> seen.add(a.jobId() + "/" + a.node() + "/" + a.start()))
            .forEach(allocations::add);
      }
    }
    return allocations;
  }

  private static LedgerExtract extract(
      Connection c, List<InstanceSpan> read, List<AllocationSpan> allocations) throws SQLException {
    List<InstanceSpan> instances = lostWork(c, read);
    Map<Long, Duration> limits = new HashMap<>();
    Map<Long, JobOwner> owners = owners(c, allocations, instances, limits);
    return new LedgerExtract(instances, allocations, owners, limits, idleSpans(c, instances));
  }

  /** The faulted instances with each job's lost-work point filled in. */
  private static List<InstanceSpan> lostWork(Connection c, List<InstanceSpan> instances)
      throws SQLException {
    if (instances.stream().noneMatch(i -> i.fault().isPresent())) {
      return instances;
    }
    List<InstanceSpan> out = new ArrayList<>(instances.size());
    try (PreparedStatement s =
        c.prepareStatement("SELECT job_id, lost_from FROM lost_work WHERE instance_id = ?")) {
      for (InstanceSpan i : instances) {
        if (i.fault().isEmpty()) {
          out.add(i);
          continue;
        }
        s.setString(1, i.instanceId());
        Map<Long, Instant> lost = new HashMap<>();
        try (ResultSet r = s.executeQuery()) {
          while (r.next()) {
            lost.put(r.getLong(1), Instant.ofEpochMilli(r.getLong(2)));
          }
        }
        InstanceSpan.Fault f = i.fault().get();
        out.add(i.withFault(new InstanceSpan.Fault(f.at(), f.admission(), lost)));
      }
    }
    return out;
  }

  /**
   * The idle spans on the instances' nodes during their lives, each once: node by node for up to
   * {@link #BY_NODE} instances, else by one scan of the range.
   */
  private static List<IdleSpan> idleSpans(Connection c, List<InstanceSpan> instances)
      throws SQLException {
    Map<String, IdleSpan> found = new LinkedHashMap<>();
    String columns = "SELECT job_id, node, from_at, to_at, idle_gpus FROM idle_spans WHERE";
    if (instances.size() > BY_NODE) {
      long start = instances.stream().mapToLong(i -> i.launched().toEpochMilli()).min().orElse(0);
      try (PreparedStatement s = c.prepareStatement(columns + " to_at > ?")) {
        s.setLong(1, start);
        idleSpans(s, found);
      }
      return new ArrayList<>(found.values());
    }
    try (PreparedStatement s =
        c.prepareStatement(columns + " node = ? AND from_at < ? AND to_at > ?")) {
      for (InstanceSpan i : instances) {
        s.setString(1, i.node());
        s.setLong(2, i.ended().map(Instant::toEpochMilli).orElse(Long.MAX_VALUE));
        s.setLong(3, i.launched().toEpochMilli());
        idleSpans(s, found);
      }
    }
    return new ArrayList<>(found.values());
  }

  private static void idleSpans(PreparedStatement s, Map<String, IdleSpan> into)
      throws SQLException {
    try (ResultSet r = s.executeQuery()) {
      while (r.next()) {
        IdleSpan span =
            new IdleSpan(
                r.getLong(1),
                r.getString(2),
                Instant.ofEpochMilli(r.getLong(3)),
                Instant.ofEpochMilli(r.getLong(4)),
                r.getInt(5));
        into.putIfAbsent(span.jobId() + "/" + span.node() + "/" + span.from(), span);
      }
    }
  }

  private static InstanceSpan instance(ResultSet r) throws SQLException {
    long ended = r.getLong(10);
    Optional<Instant> end =
        r.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(ended));
    long job = r.getLong(11);
    OptionalLong requestedBy = r.wasNull() ? OptionalLong.empty() : OptionalLong.of(job);
    long faultAt = r.getLong(13);
    Optional<InstanceSpan.Fault> fault =
        r.wasNull()
            ? Optional.empty()
            : Optional.of(
                new InstanceSpan.Fault(Instant.ofEpochMilli(faultAt), r.getInt(14) == 1, Map.of()));
    return new InstanceSpan(
        r.getString(1),
        r.getString(2),
        r.getString(3),
        r.getString(4),
        r.getString(5),
        CapacityType.valueOf(r.getString(6)),
        r.getInt(7),
        new BigDecimal(r.getString(8)),
        Instant.ofEpochMilli(r.getLong(9)),
        end,
        requestedBy,
        r.getString(12),
        fault);
  }

  private static void allocations(PreparedStatement s, List<AllocationSpan> out)
      throws SQLException {
    try (ResultSet r = s.executeQuery()) {
      while (r.next()) {
        long ended = r.getLong(5);
        Optional<Instant> end =
            r.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(ended));
        out.add(
            new AllocationSpan(
                r.getLong(1),
                r.getString(2),
                r.getInt(3),
                Instant.ofEpochMilli(r.getLong(4)),
                end));
      }
    }
  }

  /**
   * The owners of the jobs involved: by id, 500 at a time, for up to {@link #LOOKUPS} of them; else
   * the whole table (a year's report involves most jobs anyway, and one scan beats that many
   * lookups).
   */
  private static Map<Long, JobOwner> owners(
      Connection c,
      List<AllocationSpan> allocations,
      List<InstanceSpan> instances,
      Map<Long, Duration> limits)
      throws SQLException {
    Set<Long> ids = new HashSet<>();
    allocations.forEach(a -> ids.add(a.jobId()));
    instances.forEach(i -> i.requestedBy().ifPresent(ids::add));
    Map<Long, JobOwner> owners = new HashMap<>();
    String sql = "SELECT job_id, user_name, account, partition_name, time_limit_s FROM jobs";
    if (ids.size() > LOOKUPS) {
      try (PreparedStatement s = c.prepareStatement(sql)) {
        owners(s, owners, limits);
      }
      return owners;
    }
    List<Long> all = new ArrayList<>(ids);
    for (int from = 0; from < all.size(); from += 500) {
      List<Long> chunk = all.subList(from, Math.min(all.size(), from + 500));
      String in = String.join(",", Collections.nCopies(chunk.size(), "?"));
      try (PreparedStatement s = c.prepareStatement(sql + " WHERE job_id IN (" + in + ")")) {
        int n = 1;
        for (long id : chunk) {
          s.setLong(n++, id);
        }
        owners(s, owners, limits);
      }
    }
    return owners;
  }

  private static void owners(
      PreparedStatement s, Map<Long, JobOwner> owners, Map<Long, Duration> limits)
      throws SQLException {
    try (ResultSet r = s.executeQuery()) {
      while (r.next()) {
        long id = r.getLong(1);
        owners.put(id, new JobOwner(id, r.getString(2), r.getString(3), r.getString(4)));
        long limit = r.getLong(5);
        if (!r.wasNull()) {
          limits.put(id, Duration.ofSeconds(limit));
        }
      }
    }
  }
}
