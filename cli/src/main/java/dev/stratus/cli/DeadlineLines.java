package dev.stratus.cli;

import dev.stratus.core.plan.DeadlineStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code deadline jobs:} section of {@code stratus status}: per job with a deadline, the
 * controller's latest decision (spot, on-demand, wait, stay, move), where it runs, its progress
 * against the deadline, the policy's reason and, where the controller explained it, the
 * explanation: slack, options weighed with their cost, each zone's availability, the Safety Net.
 */
final class DeadlineLines {
  private DeadlineLines() {}

  static List<String> of(List<DeadlineStatus> deadlines) {
    List<String> lines = new ArrayList<>();
    lines.add(deadlines.isEmpty() ? "deadline jobs: none" : "deadline jobs:");
    for (DeadlineStatus d : deadlines) {
      lines.add(
          String.format(
              Locale.ROOT,
              "  job %-8d %s%s%s",
              d.jobId(),
              d.choice(),
              d.location().isEmpty() ? "" : " " + d.location(),
              d.running().isEmpty() ? "" : " (runs on " + d.running() + ")"));
      lines.add(
          String.format(
              Locale.ROOT,
              "    progress %.0f%% of %s (%s), due %s; %.0f%% of the time to it gone: %s;"
                  + " decided %s",
              d.progress() * 100,
              DeadlineStatus.human(d.work()),
              DeadlineStatus.human(d.done()) + " done",
              d.deadline(),
              d.expected() * 100,
              d.progress() >= d.expected() ? "ahead" : "behind",
              d.decidedAt()));
      lines.add("    why: " + d.reason());
      d.explanation()
          .ifPresent(
              e -> {
                List<String> explained = e.lines();
                lines.add("    explained: " + explained.get(0));
                explained.subList(1, explained.size()).forEach(l -> lines.add("    " + l));
              });
    }
    return lines;
  }
}
