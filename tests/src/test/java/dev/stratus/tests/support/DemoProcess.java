package dev.stratus.tests.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./stratus demo} run as a user runs it: the built distribution, in a process of its own.
 */
public final class DemoProcess {
  private static final ObjectMapper JSON = new ObjectMapper();

  private DemoProcess() {}

  /**
   * Runs {@code ./stratus demo --json --dir DIR --slurm RELEASE ARGS}, asserts exit 0 and that the
   * Slurm asked for ran; its last line, parsed.
   */
  public static JsonNode demo(Path dir, String... args) throws Exception {
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
