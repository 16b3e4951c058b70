package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.stratus.tests.support.E2eCluster;
import dev.stratus.tests.support.Observability;
import java.io.File;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus (Debian's) scrapes the controller of an embedded cluster on the real Slurm,
 * with deploy/prometheus/prometheus.yml (its target the controller's spot.listen, scraped and
 * evaluated every second) and the alert rules; a GPU job bursts onto a node, and Prometheus's HTTP
 * API must show the controller up, the launch, its capacity and its launch time, every rule
 * evaluated without error and no alert firing, and a series for every name the rules and the
 * dashboard query.
 */
@Tag("slurm")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PrometheusScrapeEndToEndTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final Duration WAIT = Duration.ofSeconds(120);
  static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir static Path dir;
  static E2eCluster e2e;
  static Process prometheus;
  static URI api;

  @BeforeAll
  static void start() throws Exception {
    Path binary = Path.of("/usr/bin/prometheus");
    if (!Files.isExecutable(binary)) {
      fail("%s is missing: apt-get install prometheus (.ci/run does)", binary);
    }
    e2e = E2eCluster.start("prom", 2);
    InetSocketAddress target = e2e.runtime().noticeAddress().orElseThrow();
    Path config = writeConfig(target.getHostString() + ":" + target.getPort());
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    api = URI.create("http://127.0.0.1:" + port);
    prometheus =
        new ProcessBuilder(
                binary.toString(),
                "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("prometheus.log").toFile())
            .redirectInput(new File("/dev/null"))
            .start();
    await()
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(500))
        .until(() -> prometheus.isAlive() && status("/-/ready") == 200);
  }

  @AfterAll
  static void stop() throws Exception {
    if (prometheus != null) {
      prometheus.destroy();
      if (!prometheus.waitFor(30, TimeUnit.SECONDS)) {
        prometheus.destroyForcibly();
        prometheus.waitFor(10, TimeUnit.SECONDS);
      }
    }
    if (e2e != null) {
      e2e.close();
    }
  }

  /** deploy/prometheus/prometheus.yml with this cluster's controller, 1 s intervals, the rules. */
  static Path writeConfig(String target) throws Exception {
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    ObjectNode config =
        (ObjectNode)
            yaml.readTree(Observability.DEPLOY.resolve("prometheus/prometheus.yml").toFile());
    ((ObjectNode) config.get("global"))
        .put("scrape_interval", "1s")
        .put("evaluation_interval", "1s");
    config.putArray("rule_files").add(Observability.RULES.toString());
    JsonNode job = config.get("scrape_configs").get(0);
    assertThat(job.get("job_name").asText()).isEqualTo("stratus");
    ArrayNode targets = (ArrayNode) job.get("static_configs").get(0).get("targets");
    targets.removeAll().add(target);
    Path file = dir.resolve("prometheus.yml");
    yaml.writeValue(file.toFile(), config);
    return file;
  }

  static int status(String path) {
    try {
      return HTTP.send(
              HttpRequest.newBuilder(api.resolve(path)).GET().build(),
              HttpResponse.BodyHandlers.discarding())
          .statusCode();
    } catch (Exception e) {
      return -1;
    }
  }

  static JsonNode get(String pathAndQuery) throws Exception {
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(api.resolve(pathAndQuery)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    JsonNode body = JSON.readTree(r.body());
    assertThat(body.get("status").asText()).as(r.body()).isEqualTo("success");
    return body.get("data");
  }

  /** The sum of an instant query's sample values (0 when it has none). */
  static double query(String promql) throws Exception {
    JsonNode data = get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
    double sum = 0;
    for (JsonNode sample : data.get("result")) {
      sum += Double.parseDouble(sample.get("value").get(1).asText());
    }
    return sum;
  }

  @Test
  @Order(1)
  void prometheusScrapesTheControllerAndSeesItUp() {
    await()
        .atMost(WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .untilAsserted(() -> assertThat(query("up{job=\"stratus\"} == 1")).isEqualTo(1));
  }

  @Test
  @Order(2)
  void aGpuJobsNodeShowsAsALaunchItsCapacityAndItsLaunchTime() throws Exception {
    String out = e2e.run("srun", "-p", "gpu", "-N1", "--gres=gpu:h100:1", "hostname");
    assertThat(out).containsPattern("gpu-00[12]");

    await()
        .atMost(WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .untilAsserted(
            () -> {
              assertThat(query("stratus_nodes_launched_total{job=\"stratus\"}"))
                  .isGreaterThanOrEqualTo(1);
              assertThat(
                      query(
                          "stratus_launch_duration_seconds_count{job=\"stratus\",pool=\"gpu\",outcome=\"launched\"}"))
                  .isGreaterThanOrEqualTo(1);
              assertThat(
                      query("max_over_time(stratus_instances{job=\"stratus\",pool=\"gpu\"}[10m])"))
                  .isGreaterThanOrEqualTo(1);
              assertThat(
                      query(
                          "max_over_time(stratus_instance_gpus{job=\"stratus\",pool=\"gpu\"}[10m])"))
                  .isGreaterThanOrEqualTo(8);
              assertThat(query("stratus_controller_passes_total{job=\"stratus\"}")).isPositive();
            });
  }

  @Test
  @Order(3)
  void everyAlertRuleIsLoadedAndEvaluatesWithoutErrorAndNoneFires() throws Exception {
    await()
        .atMost(WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .untilAsserted(
            () -> {
              List<String> healthy = new ArrayList<>();
              for (JsonNode group : get("/api/v1/rules").get("groups")) {
                for (JsonNode rule : group.get("rules")) {
                  assertThat(rule.get("health").asText())
                      .as(rule.get("name").asText() + ": " + rule.path("lastError").asText())
                      .isEqualTo("ok");
                  healthy.add(rule.get("name").asText());
                }
              }
              assertThat(healthy)
                  .containsExactlyInAnyOrderElementsOf(Observability.ruleExpressions().keySet());
            });
    List<String> firing = new ArrayList<>();
    for (JsonNode alert : get("/api/v1/alerts").get("alerts")) {
      if (alert.get("state").asText().equals("firing")) {
        firing.add(alert.get("labels").toString());
      }
    }
    assertThat(firing).isEmpty();
  }

  @Test
  @Order(3)
  void everyNameTheRulesAndTheDashboardQueryHasSeriesInPrometheus() throws Exception {
    Set<String> stored = new TreeSet<>();
    get("/api/v1/label/__name__/values").forEach(n -> stored.add(n.asText()));

    Set<String> missing = new TreeSet<>(Observability.namesUsed());
    missing.removeAll(stored);
    missing.removeAll(Observability.ON_GPU_HEALTH_EVENTS); // this cluster has no GPU health event
    missing.removeAll(Observability.ON_RESERVATIONS); // nor a block pool

    assertThat(missing).isEmpty();
  }
}
