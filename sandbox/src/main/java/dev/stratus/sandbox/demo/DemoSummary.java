package dev.stratus.sandbox.demo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The demo's result: what ran and what was left behind. */
record DemoSummary(
    int jobsSubmitted,
    int jobsCompleted,
    int nodesLaunched,
    int nodesSuspended,
    int instancesLeft,
    int namespacesLeft,
    BigDecimal nominalCost,
    Duration elapsed,
    Map<String, Object> extra) {
  private static final ObjectMapper JSON = new ObjectMapper();

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
            elapsed.toSeconds())
        + (extra.isEmpty() ? "" : ", " + extra);
  }

  String json() {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("jobs_submitted", jobsSubmitted);
    fields.put("jobs_completed", jobsCompleted);
    fields.put("nodes_launched", nodesLaunched);
    fields.put("nodes_suspended", nodesSuspended);
    fields.put("instances_left", instancesLeft);
    fields.put("namespaces_left", namespacesLeft);
    fields.put("nominal_cost_usd", nominalCost);
    fields.put("elapsed_s", elapsed.toSeconds());
    fields.putAll(extra);
    try {
      return JSON.writeValueAsString(fields);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the summary as JSON", e);
    }
  }
}
