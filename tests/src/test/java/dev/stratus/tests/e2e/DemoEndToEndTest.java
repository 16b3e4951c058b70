package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.tests.support.E2eCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's main command as a user runs it: {@code ./stratus demo --json} (the built
 * distribution, in a process of its own) on the real Slurm of this machine, for both scenarios. It
 * must exit 0 and end with one JSON line that says every job completed and nothing was left.
 */
@Tag("slurm")
class DemoEndToEndTest {
  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void theBasicDemoCompletesEveryJobAndLeavesNoInstanceNamespaceOrBridge() throws Exception {
    JsonNode summary = demo();

    assertThat(summary.get("jobs_submitted").asInt()).isPositive();
    assertThat(summary.get("jobs_completed").asInt())
        .isEqualTo(summary.get("jobs_submitted").asInt());
    assertThat(summary.get("nodes_launched").asInt()).isGreaterThanOrEqualTo(2);
    assertThat(summary.get("instances_left").asInt()).isZero();
    assertThat(summary.get("namespaces_left").asInt()).isZero();
  }

  @Test
  void theSpotDemoReclaimsTwoNodesAndEveryJobCompletesWithinOneCheckpointInterval()
      throws Exception {
    JsonNode summary = demo("--scenario", "spot");

    assertThat(summary.get("jobs_submitted").asInt()).isEqualTo(4);
    assertThat(summary.get("jobs_completed").asInt()).isEqualTo(4);
    assertThat(summary.get("reclaims").asInt()).isEqualTo(2);
    assertThat(summary.get("requeues").asInt()).isGreaterThanOrEqualTo(2);
    assertThat(summary.get("max_steps_lost").asInt())
        .isLessThanOrEqualTo(summary.get("checkpoint_interval_steps").asInt());
    assertThat(summary.get("instances_left").asInt()).isZero();
    assertThat(summary.get("namespaces_left").asInt()).isZero();
  }

  /**
   * Runs {@code ./stratus demo --json --dir DIR --slurm RELEASE ARGS}, asserts exit 0 and that the
   * Slurm asked for ran; its last line, parsed.
   */
  JsonNode demo(String... args) throws Exception {
    Path launcher = Path.of(System.getProperty("user.dir")).getParent().resolve("stratus");
    List<String> argv =
        new ArrayList<>(
            List.of(
                launcher.toString(),
                "demo",
                "--json",
                "--dir",
                dir.toString(),
                "--slurm",
                E2eCluster.slurmRelease()));
    argv.addAll(List.of(args));
    Path out = dir.resolve("demo.out");
    Process p =
        new ProcessBuilder(argv)
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    boolean ended = p.waitFor(8, TimeUnit.MINUTES);
    if (!ended) {
      p.destroy(); // the demo tears its cluster down on SIGTERM
      p.waitFor(1, TimeUnit.MINUTES);
    }
    List<String> lines = Files.readAllLines(out);
    assertThat(ended).as("demo ended in time; output:%n%s", String.join("\n", lines)).isTrue();
    assertThat(p.exitValue()).as("exit code; output:%n%s", String.join("\n", lines)).isZero();
    JsonNode summary = JSON.readTree(lines.get(lines.size() - 1));
    // what really ran, from slurmctld -V: the release asked for
    assertThat(summary.get("slurm_version").asText()).startsWith(E2eCluster.slurmRelease() + ".");
    return summary;
  }
}
