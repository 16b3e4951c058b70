package dev.stratus.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.core.config.GpuHealthSettings;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.daemon.NoticeServer;
import dev.stratus.daemon.ScrapedControllerFixture;
import dev.stratus.tests.support.Observability;
import dev.stratus.tests.support.PromQl;
import dev.stratus.wire.GpuFinding;
import dev.stratus.wire.GpuHealthReport;
import dev.stratus.wire.GpuSample;
import dev.stratus.wire.HealthAction;
import dev.stratus.wire.InterruptionNotice;
import java.time.Duration;
import java.util.List;
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

  private long sequence;

  private void health(
      Instance i,
      String node,
      java.time.Instant seenAt,
      int util,
      GpuHealthReport.Read read,
      GpuFinding... findings) {
    controller.receiveHealth(
        new GpuHealthReport(
            node,
            i.id(),
            seenAt,
            ++sequence,
            read,
            List.of(findings),
            java.util.stream.IntStream.range(0, 8)
                .mapToObj(g -> new GpuSample(g, "b" + g, util, 1, 2))
                .toList()));
  }

  static Set<String> unknown(Set<String> names, Set<String> exported) {
    Set<String> out = new TreeSet<>(names);
    out.removeAll(exported);
    out.removeAll(Observability.PROMETHEUS_OWN);
    return out;
  }

  /**
   * GPU health at level 1 (admission checks counted), the idle policy after 10 minutes; and a block
   * pool, so the reservation series are there (its reservation as yet undescribed).
   */
  @Override
  protected StratusConfig config() {
    StratusConfig c = super.config();
    var gpu = c.pools().get(0).offerings().get(0);
    var block =
        new Offering(
            new OfferingKey(
                gpu.provider(),
                gpu.key().region(),
                gpu.key().zone(),
                gpu.key().instanceType(),
                CapacityType.RESERVED,
                "cr-dashboard"),
            gpu.gpuModel(),
            gpu.gpusPerNode(),
            gpu.cpus(),
            gpu.memoryMiB(),
            java.math.BigDecimal.ZERO,
            PriceOrigin.CONFIGURED,
            new CapacityTerms.Reserved(
                CapacityReservation.unresolved(
                    "cr-dashboard",
                    gpu.provider(),
                    gpu.key().region(),
                    gpu.key().zone(),
                    gpu.key().instanceType())));
    c =
        Fixtures.withPools(
            c,
            java.util.stream.Stream.concat(
                    c.pools().stream(),
                    java.util.stream.Stream.of(Fixtures.pool("block", 1, block)))
                .toList());
    return c.withGpuHealth(
        Map.of(
            "gpu",
            new GpuHealthSettings(
                1,
                Duration.ofSeconds(60),
                1,
                Duration.ofSeconds(5),
                3,
                Duration.ofSeconds(30),
                Duration.ofSeconds(60),
                new GpuHealthSettings.IdlePolicy(
                    true, 5, Duration.ofMinutes(10), GpuHealthSettings.IdleAction.REPORT))));
  }

  /**
   * A launch, a spot notice, its requeue; a GPU fault (an XID 79 under a job), a stale health
   * report, and a job whose GPUs stay idle; then the names in the scrape.
   */
  Set<String> liveMetricNames() throws Exception {
    try (NoticeServer server = serve()) {
      Instance spot = jobRunning(42, "gpu-001", Duration.ofMinutes(5));
      notice(spot, InterruptionNotice.Kind.RECLAIM, Duration.ofMinutes(2));
      pass();
      noticeRun(); // the notice lane: signal
      clock.add(Duration.ofSeconds(30));
      noticeRun(); // requeue
      pass();
      Instance faulty = jobRunning(43, "gpu-002", Duration.ofMinutes(5));
      health(
          faulty,
          "gpu-002",
          clock.instant(),
          0,
          GpuHealthReport.Read.OK,
          new GpuFinding("0", "xid", 79, HealthAction.REQUEUE_NOW, true, "fell off the bus"));
      health(faulty, "gpu-002", clock.instant().minusSeconds(300), 0, GpuHealthReport.Read.OK);
      noticeRun(); // the fault: signal, drain
      Instance idle = jobRunning(44, "gpu-003", Duration.ofMinutes(5));
      for (int minutes = 0;
          minutes <= 18;
          minutes += 6) { // idle since 0, flagged at 12, counted at 18
        health(idle, "gpu-003", clock.instant(), 0, GpuHealthReport.Read.OK);
        pass();
        clock.add(Duration.ofMinutes(6));
      }
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
