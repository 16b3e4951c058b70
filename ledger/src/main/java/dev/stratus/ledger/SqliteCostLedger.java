package dev.stratus.ledger;

import dev.stratus.core.money.BlockBooking;
import dev.stratus.core.money.CostLedger;
import dev.stratus.core.money.CostReport;
import dev.stratus.core.money.FaultRecord;
import dev.stratus.core.money.IdleSpan;
import dev.stratus.core.money.LedgerExtract;
import dev.stratus.core.money.LedgerObservation;
import dev.stratus.core.money.OfferingFaults;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The cost ledger in one SQLite file (WAL), schema by Flyway. One writer connection, used under
 * this object's lock, one transaction per call; readers get their own connection, so a report never
 * waits for a pass nor a pass for a report (WAL). See {@link CostLedger} for what each call means
 * and why a crash loses nothing.
 */
public final class SqliteCostLedger implements CostLedger {
  private final LedgerDatabase db;
  private final Connection writer;
  private final Duration settleAfter;

  private SqliteCostLedger(LedgerDatabase db, Duration settleAfter) {
    this.db = db;
    this.settleAfter = settleAfter;
    try {
      // Autocommit stays on between calls: the driver would otherwise begin the next IMMEDIATE
      // transaction at each commit and hold the write lock for the process's whole life, so a
      // second process (a standby controller on the same state) could not even open the file.
      this.writer = db.connect(true);
    } catch (SQLException e) {
      throw new LedgerException("cannot open the ledger " + db.file(), e);
    }
  }

  /** Opens (creating and migrating when needed) the ledger at {@code file}. */
  public static SqliteCostLedger open(Path file) {
    return open(file, Settler.AFTER);
  }

  /** As {@link #open(Path)}, settling instances {@code settleAfter} after they end (tests). */
  static SqliteCostLedger open(Path file, Duration settleAfter) {
    return new SqliteCostLedger(LedgerDatabase.open(file), settleAfter);
  }

  public Path file() {
    return db.file();
  }

  @Override
  public synchronized void reconcile(LedgerObservation observation) {
    inTransaction(
        "reconcile the pass at " + observation.now(),
        () -> Reconciler.reconcile(writer, observation, settleAfter));
  }

  @Override
  public synchronized void terminationRequested(Collection<String> instanceIds, Instant at) {
    if (instanceIds.isEmpty()) {
      return;
    }
    inTransaction(
        "record terminations",
        () -> {
          try (PreparedStatement s =
              writer.prepareStatement(
                  "UPDATE instances SET terminate_requested_at = coalesce(terminate_requested_at, ?)"
                      + " WHERE instance_id = ? AND ended_at IS NULL")) {
            for (String id : instanceIds) {
              s.setLong(1, at.toEpochMilli());
              s.setString(2, id);
              s.addBatch();
            }
            s.executeBatch();
          }
        });
  }

  @Override
  public synchronized void faultRecorded(FaultRecord fault) {
    inTransaction(
        "record the fault of " + fault.instanceId(), () -> FaultBook.fault(writer, fault));
  }

  @Override
  public synchronized void idleRecorded(IdleSpan span) {
    inTransaction(
        "record idle GPUs of job " + span.jobId() + " on " + span.node(),
        () -> FaultBook.idle(writer, span));
  }

  /** Books a block bought through Stratus (its price up front); a second booking fails. */
  public synchronized void blockBought(BlockBooking booking) {
    inTransaction(
        "book the purchase of block " + booking.reservation(),
        () -> BlockBook.book(writer, booking));
  }

  /** Every block bought through Stratus, oldest first. */
  public List<BlockBooking> blocksBought() {
    try (Connection c = db.connect(false)) {
      return BlockBook.all(c);
    } catch (SQLException e) {
      throw new LedgerException("cannot read the ledger " + db.file(), e);
    }
  }

  /**
   * Per offering, the instances launched in {@code [from, to)} and how many of them faulted (at
   * their admission check or while running), for {@code stratus cost report --by offering}.
   */
  public List<OfferingFaults> offeringFaults(Instant from, Instant to) {
    try (Connection c = db.connect(false)) {
      return FaultBook.perOffering(c, from, to);
    } catch (SQLException e) {
      throw new LedgerException("cannot read the ledger " + db.file(), e);
    }
  }

  @Override
  public LedgerExtract extract(Instant from, Instant to) {
    try (Connection c = db.connect(false)) {
      return LedgerReader.extract(c, from, to);
    } catch (SQLException e) {
      throw new LedgerException("cannot read the ledger " + db.file(), e);
    }
  }

  /**
   * Feeds {@code report} every dollar of its range, open instances counted up to {@code now}: the
   * same figures as {@code extract(from, to).charges(now, report)}, but settled days are read as
   * sums instead of attributed again (see {@link SettledReport}).
   */
  public void report(CostReport report, Instant now) {
    try (Connection c = db.connect(false)) {
      SettledReport.fill(c, report, now);
    } catch (SQLException e) {
      throw new LedgerException("cannot read the ledger " + db.file(), e);
    }
  }

  /**
   * Settles up to {@code limit} instances due at {@code now} in one transaction (each pass does up
   * to {@link Settler#PER_PASS}); how many. For catching up a ledger written by other means.
   */
  synchronized int settle(Instant now, int limit) {
    int[] settled = {0};
    inTransaction(
        "settle instances", () -> settled[0] = Settler.settle(writer, now, settleAfter, limit));
    return settled[0];
  }

  @Override
  public LedgerExtract extractJob(long jobId) {
    try (Connection c = db.connect(false)) {
      return LedgerReader.extractJob(c, jobId);
    } catch (SQLException e) {
      throw new LedgerException("cannot read job " + jobId + " from the ledger " + db.file(), e);
    }
  }

  @Override
  public List<Long> finishedJobsWithoutRecordedCost(int limit) {
    String sql =
        "SELECT j.job_id FROM jobs j WHERE j.finished_at IS NOT NULL AND j.cost_recorded_at IS NULL"
            + " AND NOT EXISTS (SELECT 1 FROM allocations a WHERE a.job_id = j.job_id"
            + "   AND a.ended_at IS NULL)"
            + " AND NOT EXISTS (SELECT 1 FROM instances i WHERE i.requested_by_job = j.job_id"
            + "   AND i.ended_at IS NULL)"
            + " ORDER BY j.finished_at, j.job_id LIMIT ?";
    try (Connection c = db.connect(false);
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setInt(1, limit);
      List<Long> out = new ArrayList<>();
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          out.add(r.getLong(1));
        }
      }
      return out;
    } catch (SQLException e) {
      throw new LedgerException("cannot read finished jobs from the ledger " + db.file(), e);
    }
  }

  @Override
  public synchronized void costRecorded(long jobId, String text, Instant at) {
    inTransaction(
        "record job " + jobId + "'s cost",
        () -> {
          try (PreparedStatement s =
              writer.prepareStatement(
                  "UPDATE jobs SET cost_recorded_at = ?, cost_text = ? WHERE job_id = ?")) {
            s.setLong(1, at.toEpochMilli());
            s.setString(2, text);
            s.setLong(3, jobId);
            s.executeUpdate();
          }
        });
  }

  @Override
  public Optional<Instant> lastReconciled() {
    try (Connection c = db.connect(false);
        ResultSet r = c.createStatement().executeQuery("SELECT last_pass_at FROM passes")) {
      return r.next() ? Optional.of(Instant.ofEpochMilli(r.getLong(1))) : Optional.empty();
    } catch (SQLException e) {
      throw new LedgerException("cannot read the ledger " + db.file(), e);
    }
  }

  @Override
  public synchronized void close() {
    try {
      writer.close();
    } catch (SQLException e) {
      throw new LedgerException("cannot close the ledger " + db.file(), e);
    }
  }

  interface SqlWork {
    void run() throws SQLException;
  }

  /** Runs {@code work} as one transaction: all of it is committed, or none of it. */
  private void inTransaction(String what, SqlWork work) {
    try (Statement s = writer.createStatement()) {
      s.execute("BEGIN IMMEDIATE"); // the write lock, for this call only
      try {
        work.run();
        s.execute("COMMIT");
      } catch (SQLException | RuntimeException e) {
        try {
          s.execute("ROLLBACK");
        } catch (SQLException rollback) {
          e.addSuppressed(rollback);
        }
        throw e;
      }
    } catch (SQLException e) {
      throw new LedgerException("cannot " + what + " in the ledger " + db.file(), e);
    }
  }
}
