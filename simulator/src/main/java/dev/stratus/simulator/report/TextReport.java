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
    if (s.policies().values().stream().anyMatch(p -> p.windowed() != null)) {
      out.append(windowed(s));
    }
    return out.toString();
  }

  /** Blocks and flex: per job means, then the workload's totals with and without the blocks. */
  private static String windowed(Summary s) {
    var out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "%n%-18s %8s %8s %10s %10s %7s %12s %12s %10s%n",
            "policy",
            "flex h",
            "flex $",
            "block h",
            "idle i-h",
            "share",
            "with blk $",
            "without $",
            "saves $"));
    s.policies()
        .forEach(
            (name, p) -> {
              WindowedSummary w = p.windowed();
              out.append(
                  String.format(
                      Locale.ROOT,
                      "%-18s %8.2f %8.2f %10s %10s %7s %12s %12s %10s%n",
                      name,
                      w.flexHours(),
                      w.flexUsd(),
                      money(w.blockHours()),
                      money(w.blockIdleHours()),
                      ratio(w.blockCostShare()),
                      money(w.totalWithBlockUsd()),
                      money(w.totalWithoutBlockUsd()),
                      money(w.blockSavesUsd())));
            });
    out.append(
        "(flex and block h: means per job; idle i-h: block instance-hours nobody held; share: the"
            + " blocks' price over the total with them; totals over all jobs)\n");
    return out.toString();
  }

  private static String money(Double x) {
    return x == null ? "-" : String.format(Locale.ROOT, "%.2f", x);
  }

  private static String ratio(Double r) {
    return r == null ? "-" : String.format(Locale.ROOT, "%.3f", r);
  }
}
