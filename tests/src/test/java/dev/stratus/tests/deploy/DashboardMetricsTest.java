package dev.stratus.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.daemon.NoticeServer;
import dev.stratus.daemon.ScrapedControllerFixture;
import dev.stratus.tests.support.Observability;
import dev.stratus.tests.support.PromQl;
import dev.stratus.wire.InterruptionNotice;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every metric name the alert rules and the Grafana dashboard query is one a live controller
 * exports: a controller on the in-memory cloud and Slurm launches a node, takes a spot notice and
 * requeues its job, and its {@code GET /metrics} is scraped over loopback like Prometheus does. Its
 * config has a budget, so the money series (spend, budget remaining and reserved, held jobs,
 * alerts) are there from the start. Allowed besides: Prometheus's own {@code up}, and the GPU
 * health series not yet exported ({@link Observability#NOT_YET_EXPORTED}). The real Prometheus
 * scraping the embedded cluster is PrometheusScrapeEndToEndTest.
 */
class DashboardMetricsTest extends ScrapedControllerFixture {
  @Test
  void everyNameTheRulesAndTheDashboardQueryIsExportedByALiveController() throws Exception {
    Set<String> exported = liveMetricNames();

    Map<String, Set<String>> missing = new TreeMap<>();
    for (var rule : Observability.ruleExpressions().entrySet()) {
      unknown(PromQl.metricNames(rule.getValue()), exported)
          .forEach(n -> missing.computeIfAbsent(n, k -> new TreeSet<>()).add(rule.getKey()));
    }
    for (String expr : Observability.dashboardExpressions()) {
      unknown(PromQl.metricNames(expr), exported)
          .forEach(n -> missing.computeIfAbsent(n, k -> new TreeSet<>()).add("dashboard: " + expr));
    }

    assertThat(missing).as("names queried but not exported, and where").isEmpty();
  }

  @Test
  void theRulesAndTheDashboardQueryEveryFamilyTheControllerExports() throws Exception {
    Set<String> families = new TreeSet<>();
    for (String name : liveMetricNames()) {
      families.add(name.replaceFirst("_(bucket|count|sum|max)$", ""));
    }
    Set<String> used = new TreeSet<>();
    for (String name : Observability.namesUsed()) {
      used.add(name.replaceFirst("_(bucket|count|sum|max)$", ""));
    }

    assertThat(used).containsAll(families);
  }

  static Set<String> unknown(Set<String> names, Set<String> exported) {
    Set<String> out = new TreeSet<>(names);
    out.removeAll(exported);
    out.removeAll(Observability.PROMETHEUS_OWN);
    out.removeAll(Observability.NOT_YET_EXPORTED);
    return out;
  }

  /** A launch, a spot notice, its requeue; then the names in the scrape. */
  Set<String> liveMetricNames() throws Exception {
    try (NoticeServer server = serve()) {
      Instance spot = jobRunning(42, "gpu-001", Duration.ofMinutes(5));
      notice(spot, InterruptionNotice.Kind.RECLAIM, Duration.ofMinutes(2));
      pass();
      noticeRun(); // the notice lane: signal
      clock.add(Duration.ofSeconds(30));
      noticeRun(); // requeue
      pass();
      String exposition = scrape(base(server));
      Set<String> names = new TreeSet<>();
      exposition
          .lines()
          .filter(l -> !l.isBlank() && !l.startsWith("#"))
          .forEach(l -> names.add(l.split("[{ ]", 2)[0]));
      return names;
    }
  }
}
