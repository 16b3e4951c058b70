package dev.stratus.cli.money;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stratus.core.money.CostReport;
import dev.stratus.core.money.Money;
import java.io.PrintStream;
import java.util.Locale;

/** A report as a table, CSV (key,usd) or one JSON object. */
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

  private ReportOutput() {}

  static void print(CostReport report, Format format, PrintStream out) {
    switch (format) {
      case TABLE -> {
        out.printf(Locale.ROOT, "%-24s %14s%n", report.by().label(), "usd");
        report
            .rows()
            .forEach(
                r -> out.printf(Locale.ROOT, "%-24s %14s%n", r.key(), Money.format(r.amount())));
        out.printf(Locale.ROOT, "%-24s %14s%n", "total", Money.format(report.total()));
      }
      case CSV -> {
        out.println(report.by().label() + ",usd");
        report.rows().forEach(r -> out.println(csv(r.key()) + "," + Money.cents(r.amount())));
      }
      case JSON -> {
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = json.createObjectNode();
        root.put("by", report.by().label());
        root.put("total_usd", Money.cents(report.total()));
        ArrayNode rows = root.putArray("rows");
        report
            .rows()
            .forEach(r -> rows.addObject().put("key", r.key()).put("usd", Money.cents(r.amount())));
        out.println(root);
      }
    }
  }

  private static String csv(String s) {
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }
}
