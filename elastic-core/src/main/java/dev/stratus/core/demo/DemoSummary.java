package dev.stratus.core.demo;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;

/** The demo's result: what ran and what was left behind. */
record DemoSummary(
    int jobsSubmitted,
    int jobsCompleted,
    int nodesLaunched,
    int nodesSuspended,
    int instancesLeft,
    int namespacesLeft,
    BigDecimal nominalCost,
    Duration elapsed) {
  record Left(int instances, int namespaces) {}

  boolean success() {
    return jobsSubmitted > 0
        && jobsCompleted == jobsSubmitted
        && instancesLeft == 0
        && namespacesLeft == 0;
  }

  String human() {
    return String.format(
        Locale.ROOT,
        "%s: %d/%d jobs completed, %d nodes launched, %d suspended, %d instances and %d"
            + " namespaces left, nominal cost $%s, %ds",
        success() ? "OK" : "FAILED",
        jobsCompleted,
        jobsSubmitted,
        nodesLaunched,
        nodesSuspended,
        instancesLeft,
        namespacesLeft,
        nominalCost.toPlainString(),
        elapsed.toSeconds());
  }

  String json() {
    return String.format(
        Locale.ROOT,
        "{\"jobs_submitted\":%d,\"jobs_completed\":%d,\"nodes_launched\":%d,"
            + "\"nodes_suspended\":%d,\"instances_left\":%d,\"namespaces_left\":%d,"
            + "\"nominal_cost_usd\":%s,\"elapsed_s\":%d}",
        jobsSubmitted,
        jobsCompleted,
        nodesLaunched,
        nodesSuspended,
        instancesLeft,
        namespacesLeft,
        nominalCost.toPlainString(),
        elapsed.toSeconds());
  }
}
