package dev.stratus.cli.money;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stratus.core.money.CostReport;
import dev.stratus.core.money.Money;
import dev.stratus.core.money.OfferingFaults;
import dev.stratus.core.money.ReportKey;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A report as a table, CSV (key,usd,faulty_usd,waste_usd) or one JSON object. Each row shows how
 * much of its spend was faulty and waste; {@code --by offering} adds the instances launched in the
 * range, how many faulted (at admission, while running) and the failure rate.
 */
final class ReportOutput {
  enum Format {
    TABLE,
    CSV,
    JSON;

    static Format parse(String text) {
      try {
        return valueOf(text.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("-o must be table, csv or json, got '" + text + "'");
      }
    }
  }

  private static final String FAULT_COLUMNS = "launched,faulted,admission_faults,running_faults";

  private ReportOutput() {}

  static void print(CostReport report, Format format, PrintStream out) {
    print(report, List.of(), format, out);
  }

  /** {@code faults}: per offering, for {@code --by offering} (ignored by other keys). */
  static void print(
      CostReport report, List<OfferingFaults> faults, Format format, PrintStream out) {
    List<Line> lines = lines(report, faults);
    boolean offering = report.by() == ReportKey.OFFERING;
    switch (format) {
      case TABLE -> {
        int width = 24;
        for (Line l : lines) {
          width = Math.max(width, l.row().key().length());
        }
        String money = "%-" + width + "s %14s %14s %14s";
        String counts = " %9s %8s %10s %8s %13s";
        out.printf(Locale.ROOT, money, report.by().label(), "usd", "faulty_usd", "waste_usd");
        if (offering) {
          out.printf(
              Locale.ROOT, counts, "launched", "faulted", "admission", "running", "failure_rate");
        }
        out.println();
        for (Line l : lines) {
          CostReport.Row r = l.row();
          out.printf(
              Locale.ROOT,
              money,
              r.key(),
              Money.format(r.amount()),
              Money.format(r.faulty()),
              Money.format(r.waste()));
          if (offering) {
            OfferingFaults f = l.faults();
            out.printf(
                Locale.ROOT,
                counts,
                f.launched(),
                f.faulted(),
                f.admissionFaults(),
                f.runningFaults(),
                String.format(Locale.ROOT, "%.1f%%", 100 * f.failureRate()));
          }
          out.println();
        }
        out.printf(
            Locale.ROOT,
            money + "%n",
            "total",
            Money.format(report.total()),
            Money.format(report.faultyTotal()),
            Money.format(report.wasteTotal()));
      }
      case CSV -> {
        out.println(
            report.by().label()
                + ",usd,faulty_usd,waste_usd"
                + (offering ? "," + FAULT_COLUMNS + ",failure_rate" : ""));
        for (Line l : lines) {
          CostReport.Row r = l.row();
          String line =
              csv(r.key())
                  + ","
                  + Money.cents(r.amount())
                  + ","
                  + Money.cents(r.faulty())
                  + ","
                  + Money.cents(r.waste());
          if (offering) {
            OfferingFaults f = l.faults();
            line +=
                ","
                    + f.launched()
                    + ","
                    + f.faulted()
                    + ","
                    + f.admissionFaults()
                    + ","
                    + f.runningFaults()
                    + ","
                    + rate(f);
          }
          out.println(line);
        }
      }
      case JSON -> {
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = json.createObjectNode();
        root.put("by", report.by().label());
        root.put("total_usd", Money.cents(report.total()));
        root.put("faulty_usd", Money.cents(report.faultyTotal()));
        root.put("waste_usd", Money.cents(report.wasteTotal()));
        ArrayNode rows = root.putArray("rows");
        for (Line l : lines) {
          CostReport.Row r = l.row();
          ObjectNode row =
              rows.addObject()
                  .put("key", r.key())
                  .put("usd", Money.cents(r.amount()))
                  .put("faulty_usd", Money.cents(r.faulty()))
                  .put("waste_usd", Money.cents(r.waste()));
          if (offering) {
            OfferingFaults f = l.faults();
            row.put("launched", f.launched())
                .put("faulted", f.faulted())
                .put("admission_faults", f.admissionFaults())
                .put("running_faults", f.runningFaults())
                .put("failure_rate", rate(f));
          }
        }
        out.println(root);
      }
    }
  }

  /** A row with its offering's fault counts (zeros where none). */
  private record Line(CostReport.Row row, OfferingFaults faults) {}

  /**
   * The report's rows, each with its offering's counts; under {@code --by offering}, offerings that
   * launched in the range but spent nothing in it come last.
   */
  private static List<Line> lines(CostReport report, List<OfferingFaults> faults) {
    Map<String, OfferingFaults> byOffering = new LinkedHashMap<>();
    if (report.by() == ReportKey.OFFERING) {
      faults.forEach(f -> byOffering.put(f.offering(), f));
    }
    List<Line> out = new ArrayList<>();
    for (CostReport.Row r : report.rows()) {
      OfferingFaults f = byOffering.remove(r.key());
      out.add(new Line(r, f == null ? new OfferingFaults(r.key(), 0, 0, 0) : f));
    }
    byOffering.forEach((k, f) -> out.add(new Line(new CostReport.Row(k, BigDecimal.ZERO), f)));
    return out;
  }

  private static BigDecimal rate(OfferingFaults f) {
    return BigDecimal.valueOf(f.failureRate()).setScale(4, RoundingMode.HALF_UP);
  }

  private static String csv(String s) {
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }
}
