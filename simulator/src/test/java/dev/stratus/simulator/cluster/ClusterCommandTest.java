package dev.stratus.simulator.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.simulator.PhillyCluster;
import dev.stratus.simulator.SimulateCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ClusterCommandTest {
  @Test
  void theFirstPhillyJobsReplayOnTheThirteenH100PoolsAndPrintOneJsonLine() throws Exception {
    StringWriter out = new StringWriter();
    var cl = SimulateCommand.commandLine();
    cl.setOut(new PrintWriter(out));

    int code =
        cl.execute(
            PhillyCluster.args(
                "h100-gcp", "--policy", "uniform-progress", "--limit", "40", "--json"));

    assertThat(code).isZero();
    JsonNode json = new ObjectMapper().readTree(out.toString());
    assertThat(json.get("mode").asText()).isEqualTo("cluster");
    assertThat(json.get("jobs").asInt()).isEqualTo(40);
    assertThat(json.get("cost_usd").asDouble()).isPositive();
    assertThat(json.get("cost_vs_on_demand").asDouble()).isBetween(0.2, 1.2);
    assertThat(json.get("deadline_jobs").asInt()).isEqualTo(40);
    assertThat(json.get("passes").asLong()).isPositive();
    assertThat(json.has("pass_cpu_mean_micros")).isTrue();
  }

  @Test
  void aSpotOfferingWithoutATraceIsAnErrorNamingTheFileExpected() {
    StringWriter err = new StringWriter();
    var cl = SimulateCommand.commandLine();
    cl.setErr(new PrintWriter(err));

    int code = cl.execute(PhillyCluster.args("cant-be-late/aws-10-26-2022"));

    assertThat(code).isEqualTo(2);
    assertThat(err.toString())
        .contains("spot offering gcp/asia-south2/asia-south2-b/a3-highgpu-8g/spot")
        .contains("has no trace: expected traces/cant-be-late/aws-10-26-2022/asia-south2-b.json");
  }
}
