package dev.stratus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stratus.api.model.GpuOptions;
import dev.stratus.api.model.Pool;
import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pool's {@code gpu.mig} and {@code gpu.requireEcc}: read, defaulted and refused. */
class MigPoolConfigTest {
  static final String YAML =
      """
      cluster: demo
      pools:
        - name: mig
          gpu: GPU
          cpus: 96
          memoryMiB: 1152000
          maxNodes: 2
          GRES
          offerings:
            - {provider: local, region: local, instanceType: t, pricePerHour: 1}
      providers:
        local: {}
      """;

  @TempDir Path dir;

  Pool pool(String gpu, String gres) throws IOException {
    return ConfigLoader.load(write(gpu, gres), DeclaredKeysProviders.ALL).pools().get(0);
  }

  ConfigException refused(String gpu, String gres) throws IOException {
    Path file = write(gpu, gres);
    return catchThrowableOfType(
        ConfigException.class, () -> ConfigLoader.load(file, DeclaredKeysProviders.ALL));
  }

  Path write(String gpu, String gres) throws IOException {
    Path file = dir.resolve("stratus.yaml");
    Files.writeString(file, YAML.replace("GPU", gpu).replace("GRES", gres));
    return file;
  }

  @Test
  void aPoolOfWholeGpusRequiresEccUnlessItSaysOtherwise() throws IOException {
    assertThat(pool("{model: h100, count: 8}", "").gpuOptions()).isEqualTo(GpuOptions.DEFAULT);
    assertThat(pool("{model: h100, count: 8, requireEcc: false}", "").gpuOptions().requireEcc())
        .isFalse();
  }

  @Test
  void migProfilesCountEveryInstanceOnEveryGpuAsSlurmGpusOfTheirOwnType() throws IOException {
    Pool p =
        pool("{model: a100, count: 8, mig: {3g.20gb: 2, 1g.5gb: 1}}", "gres: {autodetect: nvml}");

    assertThat(p.gresTypes())
        .containsExactly(Map.entry("a100_1g.5gb", 8), Map.entry("a100_3g.20gb", 16));
  }

  @Test
  void aMigPoolWithoutNvmlAutoDetectIsRefusedNamingThePool() throws IOException {
    ConfigException e = refused("{model: a100, count: 8, mig: {3g.20gb: 2}}", "");

    assertThat(e.fieldPath()).isEqualTo("pools[0].gpu.mig");
    assertThat(e.line()).isEqualTo(4);
    assertThat(e.problem())
        .contains("pool 'mig' has MIG but gres.autodetect is not set")
        .contains("set gres: {autodetect: nvml}");
    assertThat(
            refused("{model: a100, count: 8, mig: {3g.20gb: 2}}", "gres: {autodetect: off}")
                .problem())
        .contains("gres.autodetect is 'off'");
  }

  @Test
  void aMigLayoutNeedingMoreThanSevenComputeSlicesIsRefused() throws IOException {
    ConfigException e =
        refused("{model: a100, count: 8, mig: {3g.20gb: 3}}", "gres: {autodetect: nvml}");

    assertThat(e.fieldPath()).isEqualTo("pools[0].gpu");
    assertThat(e.problem()).contains("needs 9 compute slices per GPU; a GPU has 7");
  }

  @Test
  void aMisspelledProfileOrCountIsRefusedAtTheValue() throws IOException {
    assertThat(
            refused("{model: a100, count: 8, mig: {3g20gb: 2}}", "gres: {autodetect: nvml}")
                .problem())
        .contains("MIG profile '3g20gb' must look like 3g.20gb");
    ConfigException zero =
        refused("{model: a100, count: 8, mig: {3g.20gb: 0}}", "gres: {autodetect: nvml}");
    assertThat(zero.fieldPath()).isEqualTo("pools[0].gpu.mig.3g.20gb");
    assertThat(zero.problem()).contains("must be > 0, got 0");
    assertThat(refused("{model: a100, count: 8, requireEcc: maybe}", "").problem())
        .contains("must be true or false");
  }
}
