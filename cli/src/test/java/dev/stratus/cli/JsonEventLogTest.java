package dev.stratus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI's logback.xml, in a JVM of its own as the controller runs: a {@code stratus.events} line
 * as text by default, and as one JSON object with the event's fields as fields of their own when
 * {@code stratus.log.format} or {@code STRATUS_LOG_FORMAT} says json.
 */
class JsonEventLogTest {
  @TempDir Path dir;

  record Run(int exit, List<String> log, String stderr) {}

  Run run(String mainClass, Map<String, String> env, String... jvmOptions) throws Exception {
    Path log = dir.resolve("out.log");
    Files.deleteIfExists(log);
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Dstratus.log=" + log);
    // The test class path also holds elastic-core's logback-test.xml, which logback would prefer.
    cmd.add("-Dlogback.configurationFile=" + StratusCli.class.getResource("/logback.xml"));
    cmd.addAll(List.of(jvmOptions));
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().remove(LogFormat.ENV);
    pb.environment().putAll(env);
    Path err = dir.resolve("stderr.txt");
    pb.redirectError(err.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Process p = pb.start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
    return new Run(p.exitValue(), lines, Files.readString(err));
  }

  @Test
  void withJsonAnEventIsOneObjectWithItsFieldsAsFieldsAndNumbersAsNumbers() throws Exception {
    Run r = run(EmitOneEvent.class.getName(), Map.of(), "-Dstratus.log.format=json");

    assertThat(r.exit()).as(r.stderr()).isZero();
    assertThat(r.log()).hasSize(1);
    JsonNode line = new ObjectMapper().readTree(r.log().get(0));
    assertThat(line.get("logger_name").asText()).isEqualTo("stratus.events");
    assertThat(line.get("level").asText()).isEqualTo("INFO");
    assertThat(line.get("@timestamp").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*");
    assertThat(line.get("event").asText()).isEqualTo("requeue");
    assertThat(line.get("job").isNumber()).isTrue();
    assertThat(line.get("job").asLong()).isEqualTo(42);
    assertThat(line.get("gpus").asInt()).isEqualTo(8);
    assertThat(line.get("instance").asText()).isEqualTo("i-0 \"abc\"");
    assertThat(line.get("message").asText())
        .isEqualTo("event=requeue job=42 instance=\"i-0 \\\"abc\\\"\" gpus=8");
  }

  @Test
  void theEnvironmentVariableTurnsItOnToo() throws Exception {
    Run r = run(EmitOneEvent.class.getName(), Map.of(LogFormat.ENV, "json"));

    assertThat(r.log()).hasSize(1);
    assertThat(new ObjectMapper().readTree(r.log().get(0)).get("event").asText())
        .isEqualTo("requeue");
  }

  @Test
  void byDefaultAnEventIsOneTextLine() throws Exception {
    Run r = run(EmitOneEvent.class.getName(), Map.of());

    assertThat(r.log()).hasSize(1);
    assertThat(r.log().get(0))
        .matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} INFO  events - event=requeue job=42 .* gpus=8");
  }

  @Test
  void theCliRefusesAnUnknownFormatBeforeLoggingAnything() throws Exception {
    Run r = run(StratusCli.class.getName(), Map.of(LogFormat.ENV, "xml"));

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.stderr()).contains("stratus: STRATUS_LOG_FORMAT must be text or json, got 'xml'");
  }
}
