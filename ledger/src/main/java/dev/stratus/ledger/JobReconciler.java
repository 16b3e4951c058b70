package dev.stratus.ledger;

import dev.stratus.core.money.JobSighting;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * squeue's jobs into the ledger: owners (kept up to date), one allocation row per run and node
 * (opened when first seen running, closed at the job's own end time when squeue shows it finished,
 * else at the first pass that no longer shows that run: requeued, gone from squeue).
 */
final class JobReconciler {
  private JobReconciler() {}

  static void reconcile(Connection c, List<JobSighting> jobs, long now) throws SQLException {
    Set<String> running = new HashSet<>();
    Map<Long, Long> finishedAt = new HashMap<>();
    try (PreparedStatement owner =
            c.prepareStatement(
                "INSERT INTO jobs (job_id, user_name, account, partition_name, time_limit_s,"
                    + " first_seen_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
                    + " ON CONFLICT (job_id) DO UPDATE SET user_name = excluded.user_name,"
                    + " account = excluded.account, partition_name = excluded.partition_name,"
                    + " time_limit_s = excluded.time_limit_s,"
                    + " finished_at = coalesce(jobs.finished_at, excluded.finished_at)");
        PreparedStatement alloc =
            c.prepareStatement(
                "INSERT INTO allocations (job_id, node, started_at, ended_at, gpus, last_seen_at)"
                    + " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (job_id, node, started_at) DO UPDATE SET"
                    + " last_seen_at = max(last_seen_at, excluded.last_seen_at),"
                    + " ended_at = coalesce(allocations.ended_at, excluded.ended_at)")) {
      for (JobSighting j : jobs) {
        owner.setLong(1, j.jobId());
        owner.setString(2, j.owner().user());
        owner.setString(3, j.owner().account());
        owner.setString(4, j.owner().partition());
        if (j.timeLimit().isPresent()) {
          owner.setLong(5, j.timeLimit().get().toSeconds());
        } else {
          owner.setNull(5, Types.INTEGER);
        }
        owner.setLong(6, now);
        if (j.ended().isPresent()) {
          owner.setLong(7, j.ended().get().toEpochMilli());
          finishedAt.put(j.jobId(), j.ended().get().toEpochMilli());
        } else {
          owner.setNull(7, Types.INTEGER);
        }
        owner.addBatch();
        if (j.started().isEmpty() || j.nodes().isEmpty()) {
          continue;
        }
        long start = j.started().get().toEpochMilli();
        for (String node : j.nodes()) {
          if (j.running()) {
            running.add(key(j.jobId(), node, start));
          }
          alloc.setLong(1, j.jobId());
          alloc.setString(2, node);
          alloc.setLong(3, start);
          if (j.ended().isPresent()) {
            alloc.setLong(4, Math.max(start, j.ended().get().toEpochMilli()));
          } else {
            alloc.setNull(4, Types.INTEGER);
          }
          alloc.setInt(5, j.gpusPerNode());
          alloc.setLong(6, now);
          alloc.addBatch();
        }
      }
      owner.executeBatch();
      alloc.executeBatch();
    }
    closeMissed(c, running, finishedAt, now);
  }

  private static void closeMissed(
      Connection c, Set<String> running, Map<Long, Long> finishedAt, long now) throws SQLException {
    try (PreparedStatement open =
            c.prepareStatement(
                "SELECT job_id, node, started_at FROM allocations WHERE ended_at IS NULL");
        PreparedStatement close =
            c.prepareStatement(
                "UPDATE allocations SET ended_at = ? WHERE job_id = ? AND node = ? AND started_at = ?");
        ResultSet r = open.executeQuery()) {
      while (r.next()) {
        long job = r.getLong(1);
        String node = r.getString(2);
        long start = r.getLong(3);
        if (running.contains(key(job, node, start))) {
          continue;
        }
        long end = finishedAt.getOrDefault(job, now);
        close.setLong(1, Math.max(start, end));
        close.setLong(2, job);
        close.setString(3, node);
        close.setLong(4, start);
        close.addBatch();
      }
      close.executeBatch();
    }
  }

  private static String key(long job, String node, long start) {
    return job + "/" + node + "/" + start;
  }
}
