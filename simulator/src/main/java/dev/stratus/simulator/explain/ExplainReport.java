package dev.stratus.simulator.explain;

import dev.stratus.policy.Explanation;
import dev.stratus.policy.Figures;
import dev.stratus.simulator.run.SampleResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code --explain N} as a person reads it: where each policy ran on the sample, run by run (the
 * omniscient plan among them), then the explained policy's decisions, in full where its choice
 * changed, and a count of the decisions that kept it.
 */
public final class ExplainReport {
  private ExplainReport() {}

  public static String text(
      String header,
      List<String> locations,
      double tickHours,
      Map<String, SampleResult> runs,
      ExplainedRun explained) {
    List<String> out = new ArrayList<>();
    out.add(header);
    runs.forEach(
        (name, r) ->
            out.add(
                String.format(
                    Locale.ROOT,
                    "  %-18s $%.2f: %s",
                    name,
                    r.costUsd(),
                    runsText(r.timeline(), locations, tickHours))));
    out.add(
        String.format(
            Locale.ROOT,
            "why %s went where it did (replayed alone: $%.2f; hours since the job's start):",
            explained.policy(),
            explained.result().costUsd()));
    String before = null;
    Map<String, Integer> kept = new LinkedHashMap<>();
    for (ExplainedRun.Step step : explained.steps()) {
      Explanation e = step.explanation();
      if (e.choice().equals(before)) {
        kept.merge(e.choice(), 1, Integer::sum);
        continue;
      }
      before = e.choice();
      List<String> lines = e.lines();
      out.add("hour " + Figures.decimals(step.hour(), 2) + ": " + lines.get(0));
      lines.subList(1, lines.size()).forEach(l -> out.add("  " + l.strip()));
    }
    out.add(
        explained.steps().size()
            + " decisions; those that kept the choice before them: "
            + (kept.isEmpty() ? "none" : kept.toString().replaceAll("[{}]", "")));
    return String.join(System.lineSeparator(), out) + System.lineSeparator();
  }

  /** The timeline as runs: "0.00-16.67 h spot at a; 16.67-20.00 h on-demand". */
  static String runsText(int[] timeline, List<String> locations, double tickHours) {
    int end = timeline.length;
    while (end > 0 && timeline[end - 1] == SampleResult.IDLE) {
      end--;
    }
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < end; ) {
      int j = i;
      while (j < end && timeline[j] == timeline[i]) {
        j++;
      }
      parts.add(
          Figures.decimals(i * tickHours, 2)
              + "-"
              + Figures.decimals(j * tickHours, 2)
              + " h "
              + name(timeline[i], locations));
      i = j;
    }
    return parts.isEmpty() ? "nothing" : String.join("; ", parts);
  }

  private static String name(int code, List<String> locations) {
    if (code >= 0) {
      return "spot at " + locations.get(code);
    }
    if (code == SampleResult.ON_DEMAND) {
      return "on-demand";
    }
    if (code == SampleResult.IDLE) {
      return "idle";
    }
    if (SampleResult.blockOf(code) >= 0) {
      return "block" + SampleResult.blockOf(code);
    }
    return (SampleResult.queued(code) ? "queued for flex" : "flex") + SampleResult.flexOf(code);
  }
}
