package dev.stratus.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulateCommandTest {
  static final String CBL = "traces/cant-be-late/aws-10-26-2022";
  static final String H100 = "traces/h100-gcp";

  @TempDir Path dir;

  record Run(int code, String out, String err) {
    JsonNode json() throws IOException {
      return new ObjectMapper().readTree(out);
    }
  }

  static Run run(String... args) {
    var out = new StringWriter();
    var err = new StringWriter();
    var cl = SimulateCommand.commandLine();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  static String[] args(String mode, String traces, String... more) {
    List<String> a =
        new ArrayList<>(
            List.of(
                mode,
                "--traces",
                traces,
                "--job-hours",
                "8",
                "--deadline-hours",
                "10",
                "--changeover-hours",
                "0.2"));
    a.addAll(List.of(more));
    return a.toArray(String[]::new);
  }

  @Test
  void multiPrintsOneJsonLineWithEveryPolicysFigures() throws IOException {
    Run r = run(args("multi", H100, "--starts", "6", "--json"));
    assertThat(r.code()).isZero();
    assertThat(r.out().strip()).doesNotContain("\n");
    JsonNode json = r.json();
    assertThat(json.get("mode").asText()).isEqualTo("multi");
    assertThat(json.get("samples").asInt()).isEqualTo(6);
    assertThat(json.get("traces")).hasSize(13);
    assertThat(json.get("policies").fieldNames())
        .toIterable()
        .containsExactly("greedy", "uniform-progress", "stratus", "omniscient");
    JsonNode omni = json.get("policies").get("omniscient");
    assertThat(omni.fieldNames())
        .toIterable()
        .contains(
            "spot_hours",
            "on_demand_hours",
            "cost_usd",
            "cost_vs_on_demand",
            "deadline_misses",
            "spot_vs_omniscient",
            "cost_vs_omniscient");
    assertThat(omni.get("cost_vs_omniscient").asDouble()).isEqualTo(1.0);
    assertThat(omni.get("spot_hours").asDouble() + omni.get("on_demand_hours").asDouble())
        .isCloseTo(8.0, Assertions.within(1e-6));
    for (JsonNode p : json.get("policies")) {
      assertThat(p.get("deadline_misses").asInt()).isZero();
      assertThat(p.get("cost_vs_omniscient").asDouble()).isGreaterThanOrEqualTo(1.0 - 1e-9);
    }
  }

  @Test
  void singleTakesPricesFromTheCommandLineForTracesWithoutThem() throws IOException {
    Run r =
        run(
            args(
                "single",
                CBL,
                "--starts",
                "3",
                "--policies",
                "greedy,omniscient",
                "--spot-price",
                "1",
                "--on-demand-price",
                "3",
                "--json"));
    assertThat(r.code()).isZero();
    JsonNode greedy = r.json().get("policies").get("greedy");
    assertThat(r.json().get("samples").asInt()).isEqualTo(24);
    assertThat(greedy.get("cost_vs_on_demand").asDouble()).isBetween(1.0 / 3, 1.0);
  }

  @Test
  void theTableNamesEveryPolicy() {
    Run r = run(args("multi", H100, "--starts", "2", "--policies", "greedy,stratus"));
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("greedy").contains("stratus").contains("spot h");
  }

  @Test
  void drawsPngAndSvgCharts() throws IOException {
    Path png = dir.resolve("run.png");
    Path svg = dir.resolve("run.svg");
    assertThat(run(args("multi", H100, "--starts", "2", "--chart", png.toString())).code())
        .isZero();
    assertThat(run(args("multi", H100, "--starts", "2", "--chart", svg.toString())).code())
        .isZero();
    byte[] head = Arrays.copyOf(Files.readAllBytes(png), 8);
    assertThat(head).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
    var image = ImageIO.read(png.toFile());
    assertThat(image.getWidth()).isEqualTo(1000);
    String text = Files.readString(svg);
    // XChart draws text as outlines: three charts of 340 px, and a great many shapes.
    assertThat(text).contains("<svg").contains("viewBox=\"0 0 1000 1020\"");
    assertThat(text.split("<path", -1).length).isGreaterThan(50);
    assertThat(text.split("<line", -1).length).isGreaterThan(100);
  }

  @Test
  void badInputIsReportedInOneLineNamingIt() throws IOException {
    Files.writeString(dir.resolve("broken.json"), "{\"metadata\": {\"gap_seconds\": 600}}");
    Run broken = run(args("single", dir.toString()));
    assertThat(broken.code()).isEqualTo(2);
    assertThat(broken.err()).contains("broken.json: data must be a non-empty array");

    Run policy = run(args("multi", H100, "--policies", "greedy,clairvoyant"));
    assertThat(policy.code()).isEqualTo(2);
    assertThat(policy.err()).contains("unknown policy 'clairvoyant'");

    Run deadline =
        run(
            "multi",
            "--traces",
            H100,
            "--job-hours",
            "8",
            "--deadline-hours",
            "8",
            "--changeover-hours",
            "0.2");
    assertThat(deadline.code()).isEqualTo(2);
    assertThat(deadline.err()).contains("--deadline-hours 8.0 leaves no time for the job");

    Run chart = run(args("multi", H100, "--starts", "1", "--chart", "out.gif"));
    assertThat(chart.code()).isEqualTo(2);
    assertThat(chart.err()).contains("must end with .png or .svg");

    Run window = run(args("multi", H100, "--to-hour", "5"));
    assertThat(window.code()).isEqualTo(2);
    assertThat(window.err()).contains("is shorter than the job's deadline (60 ticks)");
  }

  private static String[] seeded(String seed, String threads) {
    return args(
        "single",
        CBL,
        "--starts",
        "4",
        "--spot-price",
        "1",
        "--on-demand-price",
        "3",
        "--json",
        "--seed",
        seed,
        "--threads",
        threads);
  }

  @Test
  void theSameSeedGivesTheSameRunWhateverTheThreadsAndAnotherSeedAnother() {
    String[] one = seeded("7", "1");
    String[] two = seeded("7", "2");
    String[] other = seeded("8", "2");
    String first = run(one).out();
    assertThat(run(one).out()).isEqualTo(first);
    assertThat(run(two).out()).isEqualTo(first);
    assertThat(run(other).out()).isNotEqualTo(first);
  }

  @Test
  void multiWithABlockAndFlexReportsTheirFiguresAndTheTotalsWithAndWithout() throws IOException {
    Run r =
        run(
            args(
                "multi",
                H100,
                "--starts",
                "4",
                "--policies",
                "greedy,omniscient",
                "--block",
                "start=0,end=40,instances=2,usd=1000",
                "--flex",
                "price=10,max-run-hours=24,queue-hours=0|1",
                "--json"));
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode greedy = r.json().get("policies").get("greedy");
    double with = greedy.get("total_with_block_usd").asDouble();
    double without = greedy.get("total_without_block_usd").asDouble();
    assertThat(greedy.get("block_usd").asDouble()).isEqualTo(1000);
    assertThat(greedy.get("block_saves_usd").asDouble()).isCloseTo(without - with, within(1e-6));
    assertThat(greedy.get("block_cost_share").asDouble()).isCloseTo(1000 / with, within(1e-9));
    assertThat(greedy.get("block_hours").asDouble()).isPositive();
    assertThat(greedy.has("flex_hours")).isTrue();
    assertThat(r.json().get("policies").get("omniscient").get("total_with_block_usd").asDouble())
        .isLessThanOrEqualTo(with + 1e-6);
  }

  @Test
  void aBadBlockIsOneLineNamingIt() {
    Run r = run(args("multi", H100, "--block", "start=5,end=2,instances=1,usd=1"));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("--block").contains("end=2.0 must be after start=5.0");
    Run f = run(args("multi", H100, "--flex", "price=1,max-run-hours=2"));
    assertThat(f.code()).isEqualTo(2);
    assertThat(f.err()).contains("--flex").contains("queue-hours= is missing");
  }
}
