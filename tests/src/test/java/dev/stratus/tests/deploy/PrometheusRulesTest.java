package dev.stratus.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.stratus.tests.support.Observability;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * deploy/prometheus/stratus-rules.yml through Debian's promtool: it parses ({@code check rules}),
 * its unit tests pass ({@code test rules}), and every alert has a test and the labels and
 * annotations a pager needs. Needs promtool on PATH (package prometheus), not root.
 */
class PrometheusRulesTest {
  record Run(int exit, String output) {}

  static Run promtool(String... args) throws Exception {
    List<String> argv = new ArrayList<>(List.of(promtoolBinary()));
    argv.addAll(List.of(args));
    Path out = Files.createTempFile("promtool", ".txt");
    try {
      Process p =
          new ProcessBuilder(argv)
              .directory(Observability.DEPLOY.resolve("prometheus").toFile())
              .redirectErrorStream(true)
              .redirectOutput(out.toFile())
              .redirectInput(new File("/dev/null"))
              .start();
      if (!p.waitFor(2, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        fail("promtool %s ran past 2 minutes (pid %d)", argv, p.pid());
      }
      return new Run(p.exitValue(), Files.readString(out));
    } finally {
      Files.delete(out);
    }
  }

  static String promtoolBinary() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      Path candidate = Path.of(dir, "promtool");
      if (!dir.isEmpty() && Files.isExecutable(candidate)) {
        return candidate.toString();
      }
    }
    return fail("promtool is not on PATH: apt-get install prometheus (.ci/run does)");
  }

  static List<Path> ruleTests() throws Exception {
    try (Stream<Path> files = Files.list(Observability.RULE_TESTS)) {
      return files.filter(f -> f.toString().endsWith(".yml")).sorted().toList();
    }
  }

  @Test
  void promtoolChecksTheRulesWithoutAComplaint() throws Exception {
    Run check = promtool("check", "rules", Observability.RULES.toString());

    assertThat(check.exit()).as(check.output()).isZero();
    assertThat(check.output())
        .contains("SUCCESS: " + Observability.ruleExpressions().size() + " rules found");
  }

  @Test
  void theExampleScrapeConfigurationIsValidWithTheRules() throws Exception {
    Run check = promtool("check", "config", "prometheus.yml");

    assertThat(check.exit()).as(check.output()).isZero();
    assertThat(check.output()).contains("SUCCESS: prometheus.yml is valid");
  }

  @Test
  void theRulesUnitTestsPass() throws Exception {
    List<String> args = new ArrayList<>(List.of("test", "rules"));
    ruleTests().forEach(f -> args.add(f.toString()));

    Run test = promtool(args.toArray(String[]::new));

    assertThat(test.exit()).as(test.output()).isZero();
    assertThat(test.output()).contains("SUCCESS").doesNotContain("FAILED");
  }

  @Test
  void everyAlertIsUnitTestedFiringAndQuiet() throws Exception {
    Set<String> firing = new TreeSet<>();
    Set<String> quiet = new TreeSet<>();
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    for (Path file : ruleTests()) {
      for (JsonNode test : yaml.readTree(file.toFile()).get("tests")) {
        for (JsonNode check : test.path("alert_rule_test")) {
          String name = check.get("alertname").asText();
          (check.path("exp_alerts").isEmpty() ? quiet : firing).add(name);
        }
      }
    }

    Set<String> alerts = Observability.ruleExpressions().keySet();
    assertThat(firing).as("alerts with a test where they fire").containsAll(alerts);
    assertThat(quiet).as("alerts with a test where they stay quiet").containsAll(alerts);
  }

  @Test
  void everyAlertHasASeverityASummaryAndADescription() throws Exception {
    JsonNode doc = new ObjectMapper(new YAMLFactory()).readTree(Observability.RULES.toFile());
    for (JsonNode group : doc.get("groups")) {
      for (JsonNode rule : group.get("rules")) {
        String alert = rule.path("alert").asText();
        assertThat(rule.path("labels").path("severity").asText())
            .as(alert)
            .isIn("critical", "warning");
        assertThat(rule.path("annotations").path("summary").asText()).as(alert).isNotBlank();
        assertThat(rule.path("annotations").path("description").asText()).as(alert).isNotBlank();
      }
    }
  }
}
