package dev.stratus.tests.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * deploy/: the Prometheus alert rules and the Grafana dashboard, their PromQL, and the metric names
 * it may use that the controller does not export itself.
 */
public final class Observability {
  public static final Path DEPLOY = Path.of("../deploy").toAbsolutePath().normalize();
  public static final Path RULES = DEPLOY.resolve("prometheus/stratus-rules.yml");
  public static final Path RULE_TESTS = DEPLOY.resolve("prometheus/tests");
  public static final Path DASHBOARD = DEPLOY.resolve("grafana/stratus.json");

  /** Series Prometheus makes itself for each scrape target. */
  public static final Set<String> PROMETHEUS_OWN = Set.of("up");

  /**
   * The GPU health series: each is exported from its first event (a check, a fault, a drain, an
   * ignored report, an idle job), so a scrape of a cluster without such events has none.
   * DashboardMetricsTest makes every one of them happen and checks the code exports them all.
   */
  public static final Set<String> ON_GPU_HEALTH_EVENTS =
      Set.of(
          "stratus_gpu_checks_total",
          "stratus_gpu_faults_total",
          "stratus_gpu_idle_gpu_hours_total",
          "stratus_gpu_health_drains_total",
          "stratus_gpu_health_reports_ignored_total");

  /**
   * The reservation series: one per reservation a pool launches into, so a cluster without a block
   * pool has none. DashboardMetricsTest's controller has a block pool and checks they are exported.
   */
  public static final Set<String> ON_RESERVATIONS =
      Set.of(
          "stratus_reservation_instances",
          "stratus_reservation_instances_in_use",
          "stratus_reservation_seconds_left");

  private Observability() {}

  /** Each alert's name to its expression. */
  public static Map<String, String> ruleExpressions() throws IOException {
    JsonNode doc = new ObjectMapper(new YAMLFactory()).readTree(RULES.toFile());
    Map<String, String> out = new LinkedHashMap<>();
    for (JsonNode group : doc.get("groups")) {
      for (JsonNode rule : group.get("rules")) {
        out.put(rule.path("alert").asText(rule.path("record").asText()), rule.get("expr").asText());
      }
    }
    return out;
  }

  /** Every query of the dashboard: panel targets and template variable queries. */
  public static List<String> dashboardExpressions() throws IOException {
    JsonNode doc = new ObjectMapper().readTree(DASHBOARD.toFile());
    List<String> out = new ArrayList<>();
    for (JsonNode panel : doc.get("panels")) {
      for (JsonNode target : panel.path("targets")) {
        out.add(target.get("expr").asText());
      }
    }
    for (JsonNode variable : doc.path("templating").path("list")) {
      if (variable.path("type").asText().equals("query")) {
        String definition = variable.path("definition").asText();
        // label_values(SELECTOR, LABEL): the selector is the PromQL.
        out.add(definition.replaceFirst("^label_values\\((.*),\\s*\\w+\\)$", "$1"));
      }
    }
    return out;
  }

  /** Every metric name the rules and the dashboard select. */
  public static Set<String> namesUsed() throws IOException {
    Set<String> names = new TreeSet<>();
    ruleExpressions().values().forEach(e -> names.addAll(PromQl.metricNames(e)));
    dashboardExpressions().forEach(e -> names.addAll(PromQl.metricNames(e)));
    return names;
  }
}
