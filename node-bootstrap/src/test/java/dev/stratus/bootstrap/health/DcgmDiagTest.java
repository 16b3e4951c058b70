package dev.stratus.bootstrap.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DcgmDiagTest {
  @TempDir Path dir;

  @Test
  void aPassingRunHasNoFailures() throws Exception {
    DcgmDiag.Result r = DcgmDiag.parse(HealthFixtures.text("health/dcgmi-diag-r1-pass.json"));
    assertThat(r.results()).hasSize(9);
    assertThat(r.passed()).isTrue();
  }

  @Test
  void aFailNamesTheTestTheGpuAndTheWarning() throws Exception {
    DcgmDiag.Result r = DcgmDiag.parse(HealthFixtures.text("health/dcgmi-diag-r2-fail.json"));
    assertThat(r.passed()).isFalse();
    assertThat(r.failures()).hasSize(1); // Warn and Skip do not fail
    assertThat(r.failures().get(0).summary())
        .isEqualTo(
            "Page Retirement/Row Remap, GPU 2: Fail (GPU 2 had uncorrectable memory errors and row"
                + " remapping failed. Run a field diagnostic on the GPU.)");
  }

  @Test
  void otherJsonIsRefusedWithItsName() {
    for (String bad : new String[] {"", "[]", "{}", "{\"DCGM GPU Diagnostic\":{}}", "{\"a\":"}) {
      assertThatThrownBy(() -> DcgmDiag.parse(bad))
          .isInstanceOf(DcgmDiag.BadDiagException.class)
          .hasMessageContaining("dcgmi diag JSON");
    }
  }

  @Test
  void runPassesFailsAndTimesOut() throws Exception {
    Path pass = HealthFixtures.copy(dir, "health/dcgmi-diag-r1-pass.json");
    Path fail = HealthFixtures.copy(dir, "health/dcgmi-diag-r2-fail.json");
    Path ok =
        HealthFixtures.script(
            dir, "dcgmi-ok", "[ \"$*\" = \"diag -r 1 -j\" ] || exit 9\ncat " + pass);
    Path bad = HealthFixtures.script(dir, "dcgmi-bad", "cat " + fail + "\nexit 226");
    Path hung = HealthFixtures.script(dir, "dcgmi-hung", "sleep 60");

    assertThat(DcgmDiag.run(ok, 1, Duration.ofSeconds(20)).passed()).isTrue();
    DcgmDiag.Run failed = DcgmDiag.run(bad, 2, Duration.ofSeconds(20));
    assertThat(failed.passed()).isFalse();
    assertThat(failed.summary()).contains("diag -r 2 -j: Page Retirement/Row Remap, GPU 2: Fail");
    long start = System.nanoTime();
    DcgmDiag.Run timedOut = DcgmDiag.run(hung, 1, Duration.ofMillis(500));
    assertThat(timedOut.passed()).isFalse();
    assertThat(timedOut.summary()).contains("did not exit within 500 ms; killed");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    assertThat(DcgmDiag.run(dir.resolve("none"), 1, Duration.ofSeconds(1)).summary())
        .contains("datacenter-gpu-manager");
  }
}
