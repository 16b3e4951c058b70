package dev.stratus.simulator;

import static dev.stratus.simulator.SimulateCommandTest.args;
import static dev.stratus.simulator.SimulateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExplainCommandTest {
  @TempDir Path dir;

  @Test
  void explainsOneSampleBesideTheOmniscientPlanAndDrawsIt() throws Exception {
    Path png = dir.resolve("sample.png");
    var r =
        run(
            args(
                "multi",
                SimulateCommandTest.H100,
                "--starts",
                "5",
                "--explain",
                "3",
                "--chart",
                png.toString()));
    assertThat(r.code()).as(r.err()).isZero();
    String out = r.out();
    assertThat(out).contains("multi: 1 samples").contains("sample 3: the job starts at hour");
    List<String> lines = out.lines().toList();
    assertThat(lines).anyMatch(l -> l.matches("  omniscient +\\$[0-9.]+: .*spot at .*"));
    assertThat(lines).anyMatch(l -> l.startsWith("hour 0.00: spot at "));
    assertThat(out)
        .contains(
            "  policy: the fine slack table in the market of 2 offering(s) up to $14.85 says ")
        .contains("(chosen)")
        .contains("  zone us-east4-a: spot $14.85, ")
        .contains("  safety net: ")
        .containsPattern("\\d+ decisions; those that kept the choice before them: ");
    // the replay that explains is the policy's own run on the sample: the same bill
    assertThat(cost(out, "  stratus +\\$([0-9.]+):"))
        .isEqualTo(cost(out, "replayed alone: \\$([0-9.]+)"));
    assertThat(ImageIO.read(png.toFile()).getHeight()).isGreaterThan(500);
    assertThat(Files.size(png)).isPositive();
  }

  @Test
  void aSampleThatWasNotDrawnOrJsonIsRefusedNamingTheOption() {
    var r = run(cbl("--starts", "2", "--explain", "16"));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("--explain 16: there are 16 samples, 0 to 15");
    var json = run(cbl("--starts", "2", "--explain", "0", "--json"));
    assertThat(json.code()).isEqualTo(2);
    assertThat(json.err()).contains("--explain prints text: leave out --json");
  }

  @Test
  void explainsTheFirstOnlinePolicyWhenStratusDoesNotRun() {
    var r =
        run(cbl("--starts", "1", "--explain", "0", "--policies", "uniform-progress,omniscient"));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("why uniform-progress went where it did")
        .doesNotContain("policy: ");
  }

  /** {@code single} on the Can't Be Late traces, at Table 3's prices. */
  private static String[] cbl(String... more) {
    List<String> a =
        new ArrayList<>(List.of("--spot-price", "0.9731", "--on-demand-price", "3.06"));
    a.addAll(List.of(more));
    return args("single", SimulateCommandTest.CBL, a.toArray(String[]::new));
  }

  private static String cost(String out, String regex) {
    Matcher m = Pattern.compile(regex).matcher(out);
    assertThat(m.find()).as(regex).isTrue();
    return m.group(1);
  }
}
