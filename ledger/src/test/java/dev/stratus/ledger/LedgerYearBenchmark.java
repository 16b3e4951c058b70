package dev.stratus.ledger;

import dev.stratus.core.money.CostReport;
import dev.stratus.core.money.ReportKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A year of ledger reported by account, as {@code stratus cost report --by account} does it (target
 * < 2 s): 2,000 nodes, each relaunched every ~3.65 days (200,000 instances, spot and on demand),
 * each instance running five jobs back to back with idle gaps between them (1,000,000 allocations
 * of 1,000,000 jobs, 50 accounts, 500 users). The file is written once per fork straight into the
 * migrated schema, in one transaction, then every instance is settled as the passes would have done
 * a day after it ended; the benchmark opens it and reports the year as {@code stratus cost report}
 * does: settled days from their sums, the rest attributed live. Run it with the command in the
 * README.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(
    value = 1,
    jvmArgs = {"-Xmx4g"})
public class LedgerYearBenchmark {
  static final int NODES = 2_000;
  static final int INSTANCES_PER_NODE = 100;
  static final int JOBS_PER_INSTANCE = 5;
  static final Instant YEAR = Instant.parse("2025-01-01T00:00:00Z");
  static final Instant END = YEAR.plus(Duration.ofDays(365));

  Path dir;
  Path file;

  @Setup(Level.Trial)
  public void write() throws Exception {
    dir = Files.createTempDirectory("stratus-ledger-year");
    file = dir.resolve("ledger.db");
    SqliteCostLedger.open(file).close(); // creates the schema
    long started = System.nanoTime();
    try (Connection c = LedgerDatabase.open(file).connect(true)) {
      c.setAutoCommit(false);
      fill(c, new Random(42));
      c.commit();
    }
    System.out.printf(
        "%nwrote %,d instances and %,d allocations (%,d MB) in %d s%n",
        NODES * INSTANCES_PER_NODE,
        NODES * INSTANCES_PER_NODE * JOBS_PER_INSTANCE,
        Files.size(file) >> 20,
        (System.nanoTime() - started) / 1_000_000_000L);
    long settling = System.nanoTime();
    try (SqliteCostLedger ledger = SqliteCostLedger.open(file)) {
      // As the passes would have, a day after each instance ended: settle them all.
      while (ledger.settle(END.plus(Settler.AFTER), 20_000) > 0) {
        continue;
      }
    }
    System.out.printf(
        "%nsettled every instance in %d s%n", (System.nanoTime() - settling) / 1_000_000_000L);
  }

  static void fill(Connection c, Random random) throws SQLException {
    long life = Duration.ofDays(365).toMillis() / INSTANCES_PER_NODE;
    long jobMillis = life / (JOBS_PER_INSTANCE + 1);
    try (PreparedStatement i =
            c.prepareStatement(
                "INSERT INTO instances (instance_id, provider, region, zone, instance_type,"
                    + " capacity_type, pool, partition_name, node, gpus, requested_by_job,"
                    + " price_per_hour, price_kind, price_source, price_as_of, launched_at,"
                    + " first_seen_at, running_at, last_seen_at, terminate_requested_at, ended_at,"
                    + " end_reason) VALUES (?, 'aws', 'us-east-1', 'us-east-1a', 'p5.48xlarge', ?,"
                    + " ?, 'gpu', ?, 8, ?, ?, 'BUNDLED', 'bundled', '2025-06', ?, ?, ?, ?, ?, ?,"
                    + " 'terminated')");
        PreparedStatement j =
            c.prepareStatement(
                "INSERT INTO jobs (job_id, user_name, account, partition_name, time_limit_s,"
                    + " first_seen_at, finished_at) VALUES (?, ?, ?, 'gpu', 86400, ?, ?)");
        PreparedStatement a =
            c.prepareStatement(
                "INSERT INTO allocations (job_id, node, started_at, ended_at, gpus, last_seen_at)"
                    + " VALUES (?, ?, ?, ?, 8, ?)")) {
      long job = 0;
      for (int n = 0; n < NODES; n++) {
        String node = String.format("gpu-%04d", n + 1);
        for (int k = 0; k < INSTANCES_PER_NODE; k++) {
          long launched = YEAR.toEpochMilli() + k * life;
          long ended = launched + life - 1;
          boolean spot = random.nextBoolean();
          i.setString(1, "i-" + n + "-" + k);
          i.setString(2, spot ? "SPOT" : "ON_DEMAND");
          i.setString(3, "gpu-" + (n % 4));
          i.setString(4, node);
          i.setLong(5, job + 1);
          i.setString(6, spot ? "39.33" : "98.32");
          i.setLong(7, launched);
          i.setLong(8, launched);
          i.setLong(9, launched + 60_000);
          i.setLong(10, ended);
          i.setLong(11, ended);
          i.setLong(12, ended);
          i.addBatch();
          for (int r = 0; r < JOBS_PER_INSTANCE; r++) {
            job++;
            long start = launched + 120_000 + r * jobMillis;
            long end = start + jobMillis - 600_000 - random.nextInt(600_000);
            j.setLong(1, job);
            j.setString(2, "u" + random.nextInt(500));
            j.setString(3, "acct-" + random.nextInt(50));
            j.setLong(4, start);
            j.setLong(5, end);
            j.addBatch();
            a.setLong(1, job);
            a.setString(2, node);
            a.setLong(3, start);
            a.setLong(4, end);
            a.setLong(5, end);
            a.addBatch();
          }
        }
        i.executeBatch();
        j.executeBatch();
        a.executeBatch();
      }
    }
  }

  @Benchmark
  public CostReport reportTheYearByAccount() {
    CostReport report = new CostReport(ReportKey.parse("account"), YEAR, END, Duration.ofDays(1));
    try (SqliteCostLedger ledger = SqliteCostLedger.open(file)) {
      ledger.report(report, END);
    }
    if (report.rows().size() != 51) { // 50 accounts and (idle)
      throw new IllegalStateException("expected 51 rows, got " + report.rows());
    }
    return report;
  }

  @TearDown(Level.Trial)
  public void remove() throws Exception {
    try (var files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
