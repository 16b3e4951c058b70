package dev.stratus.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.money.CostReport;
import dev.stratus.core.money.Money;
import dev.stratus.core.money.ReportKey;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of a process in the middle of writing the ledger: reopened, the ledger holds exactly the
 * passes that were committed, and carrying on from there bills every instance-second once: the same
 * dollars, to the last digit, as a run that never crashed and as the schedule's closed form.
 */
class LedgerCrashTest {
  static final int INSTANCES = 6000;

  /** Instances settle five minutes after they end: thousands settle while the child is killed. */
  static final Duration SETTLE = Duration.ofMinutes(5);

  @TempDir Path dir;

  @Test
  void aLedgerKilledMidWriteLosesNoInstanceSecondAndCountsNoneTwice() throws Exception {
    Schedule schedule = new Schedule(INSTANCES);
    Random random = new Random(9);
    Path file = dir.resolve("crashed.db");
    int kills = 0;
    int next = 0;
    while (kills < 3) {
      int printed = runAndKill(file, next, 400 + random.nextInt(900));
      try (SqliteCostLedger ledger = SqliteCostLedger.open(file, SETTLE)) {
        assertThat(integrity(ledger)).isEqualTo("ok");
        int committed = ledger.lastReconciled().map(t -> passOf(t)).orElse(-1);
        // Everything the child said it committed is there; at most the pass in flight is not.
        assertThat(committed).isGreaterThanOrEqualTo(printed);
        next = committed + 1;
      }
      kills++;
    }
    try (SqliteCostLedger ledger = SqliteCostLedger.open(file, SETTLE)) {
      for (int pass = next; pass <= schedule.lastPass(); pass++) {
        ledger.reconcile(schedule.observation(pass));
      }
    }
    Path clean = dir.resolve("clean.db");
    try (SqliteCostLedger ledger = SqliteCostLedger.open(clean, SETTLE)) {
      for (int pass = 0; pass <= schedule.lastPass(); pass++) {
        ledger.reconcile(schedule.observation(pass));
      }
    }
    BigDecimal crashed = total(file, schedule);
    assertThat(crashed).isEqualTo(total(clean, schedule));
    assertThat(Money.cents(crashed)).isEqualTo(Money.cents(schedule.expectedDollars()));
    assertThat(crashed.subtract(schedule.expectedDollars()).abs())
        .isLessThan(new BigDecimal("0.000001"));
    // The settled sums hold each settled instance once: the fast report agrees with both.
    assertThat(SettledReportTest.count(file, "settled_at IS NOT NULL")).isGreaterThan(5000);
    assertThat(reported(file, schedule).subtract(crashed).abs())
        .isLessThan(new BigDecimal("0.000000001"));
    assertThat(reported(clean, schedule).subtract(crashed).abs())
        .isLessThan(new BigDecimal("0.000000001"));
  }

  /**
   * Starts the child at pass {@code from}, SIGKILLs it after {@code millis}; the last pass it
   * printed.
   */
  private int runAndKill(Path file, int from, long millis) throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    Process child =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                LedgerCrashChild.class.getName(),
                file.toString(),
                Integer.toString(INSTANCES),
                Integer.toString(from))
            .redirectErrorStream(true)
            .start();
    AtomicInteger last = new AtomicInteger(-1);
    List<String> output = new ArrayList<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                  output.add(line);
                  if (line.startsWith("committed ")) {
                    last.set(Integer.parseInt(line.substring(10)));
                  }
                }
              } catch (IOException ignored) {
                // the pipe closes when the child dies
              }
            });
    reader.start();
    // Wait for the first commit (JVM start, migrations), then kill at a random moment.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (last.get() < from && child.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    Thread.sleep(millis);
    assertThat(child.isAlive())
        .as("the child is still writing when it is killed; its output: %s", output)
        .isTrue();
    child.destroyForcibly(); // SIGKILL on Linux
    child.waitFor(10, TimeUnit.SECONDS);
    reader.join(5000);
    assertThat(last.get()).as("child output: %s", output).isGreaterThanOrEqualTo(from);
    return last.get();
  }

  private static int passOf(Instant t) {
    return (int) (Duration.between(Schedule.T0, t).toMillis() / Schedule.PASS.toMillis());
  }

  private static String integrity(SqliteCostLedger ledger) throws Exception {
    try (Connection c = LedgerDatabase.open(ledger.file()).connect(false);
        ResultSet r = c.createStatement().executeQuery("PRAGMA integrity_check")) {
      r.next();
      return r.getString(1);
    }
  }

  /** The whole history's total as {@code stratus cost report} sums it. */
  private static BigDecimal reported(Path file, Schedule schedule) {
    try (SqliteCostLedger ledger = SqliteCostLedger.open(file, SETTLE)) {
      Instant after = Schedule.at(schedule.lastPass() + 100);
      Instant day = Instant.parse("2026-10-31T00:00:00Z"); // the first launches are before T0
      CostReport report =
          new CostReport(ReportKey.POOL, day, day.plus(Duration.ofDays(2)), Duration.ofDays(1));
      ledger.report(report, after);
      return report.total();
    }
  }

  private static BigDecimal total(Path file, Schedule schedule) {
    try (SqliteCostLedger ledger = SqliteCostLedger.open(file, SETTLE)) {
      Instant after = Schedule.at(schedule.lastPass() + 100);
      BigDecimal[] sum = {BigDecimal.ZERO};
      ledger
          .extract(Schedule.T0.minusSeconds(3600), after)
          .charges(after, c -> sum[0] = sum[0].add(c.amount()));
      return sum[0];
    }
  }
}
