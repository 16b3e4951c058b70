package dev.stratus.cli.money;

import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.money.CostReport;
import dev.stratus.core.money.OfferingFaults;
import dev.stratus.core.money.ReportKey;
import dev.stratus.ledger.SqliteCostLedger;
import dev.stratus.wire.Durations;
import java.nio.file.Path;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code stratus cost report --by account --from 2026-11-01 --to 2026-12-01 [-o table|csv|json]
 * [--chart spend.png]}: every dollar of the range by the chosen key, idle time as {@code (idle)},
 * faulty time as {@code (faulty)}, from the ledger's attribution, each row with its faulty and
 * waste parts; {@code --by offering} adds each offering's launched and faulted instances and its
 * failure rate. The chart stacks each key's spend per bucket.
 */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description =
        "Spend in a time range by job, user, account, partition, pool, capacity type or offering,"
            + " with its faulty and waste parts.")
public final class CostReportCommand implements Callable<Integer> {
  @Mixin LedgerOption ledger;

  @Option(
      names = "--by",
      defaultValue = "account",
      description = "job|user|account|partition|pool|capacity-type|offering")
  String by;

  @Option(names = "--from", description = "start (2026-11-01 or an instant); default: 30 days ago")
  String from;

  @Option(names = "--to", description = "end, exclusive; default: now")
  String to;

  @Option(
      names = {"-o", "--output"},
      defaultValue = "table",
      description = "table|csv|json")
  String output;

  @Option(names = "--bucket", defaultValue = "1d", description = "chart bucket (1h, 1d, ...)")
  String bucket;

  @Option(names = "--chart", description = "also draw spend over time, stacked: FILE.png or .svg")
  Path chart;

  Clock clock = Clock.systemUTC();

  @Override
  public Integer call() {
    Optional<StratusConfig> config = ledger.load();
    if (config.isEmpty()) {
      return 2;
    }
    Instant now = clock.instant();
    CostReport report;
    try {
      Instant end = to == null ? now : moment("--to", to);
      Instant start = from == null ? end.minus(Duration.ofDays(30)) : moment("--from", from);
      report = new CostReport(ReportKey.parse(by), start, end, Durations.parse(bucket));
      ReportOutput.Format format = ReportOutput.Format.parse(output);
      List<OfferingFaults> faults = List.of();
      try (SqliteCostLedger l = SqliteCostLedger.open(config.get().money().ledger().file())) {
        l.report(report, now.isBefore(end) ? now : end);
        if (report.by() == ReportKey.OFFERING) {
          faults = l.offeringFaults(start, end);
        }
      }
      ReportOutput.print(report, faults, format, System.out);
      if (chart != null) {
        SpendChart.write(chart, report);
      }
    } catch (IllegalArgumentException e) {
      System.err.println("stratus: " + e.getMessage());
      return 2;
    }
    return 0;
  }

  static Instant moment(String option, String text) {
    try {
      return text.length() == 10
          ? LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant()
          : Instant.parse(text);
    } catch (DateTimeException e) {
      throw new IllegalArgumentException(
          option
              + " '"
              + text
              + "' is neither a date (2026-11-01) nor an instant (2026-11-01T00:00:00Z)");
    }
  }
}
