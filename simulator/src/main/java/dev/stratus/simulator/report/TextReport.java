package dev.stratus.simulator.report;

import java.util.Locale;

/** A table a person reads: one row per policy. */
public final class TextReport {
  private TextReport() {}

  public static String table(Summary s) {
    var out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "%s: %d samples over %d trace file(s)%n",
            s.mode(),
            s.samples(),
            s.traces().size()));
    out.append(
        String.format(
            Locale.ROOT,
            "%-18s %10s %10s %10s %8s %7s %9s %9s %9s%n",
            "policy",
            "spot h",
            "od h",
            "cost $",
            "vs od",
            "missed",
            "spot/omn",
            "cost/omn",
            "spot util"));
    s.policies()
        .forEach(
            (name, p) ->
                out.append(
                    String.format(
                        Locale.ROOT,
                        "%-18s %10.2f %10.2f %10.2f %8.3f %7d %9s %9s %9s%n",
                        name,
                        p.spotHours(),
                        p.onDemandHours(),
                        p.costUsd(),
                        p.costVsOnDemand(),
                        p.deadlineMisses(),
                        ratio(p.spotVsOmniscient()),
                        ratio(p.costVsOmniscient()),
                        ratio(p.spotUtil()))));
    return out.toString();
  }

  private static String ratio(Double r) {
    return r == null ? "-" : String.format(Locale.ROOT, "%.3f", r);
  }
}
