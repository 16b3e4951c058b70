package dev.stratus.bootstrap.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GpuModelsTest {
  @ParameterizedTest
  @CsvSource({
    "NVIDIA H100 80GB HBM3, h100",
    "NVIDIA H100 PCIe, h100",
    "NVIDIA A100-SXM4-80GB, a100",
    "NVIDIA A100 80GB PCIe, a100",
    "NVIDIA L40S, l40s",
    "Tesla T4, t4",
    "Tesla V100-SXM2-16GB, v100",
    "NVIDIA H200, h200"
  })
  void productNamesMapToGresTypes(String product, String type) {
    assertThat(GpuModels.type(product)).isEqualTo(type);
  }

  @ParameterizedTest
  @CsvSource({
    "14, 4864, 1g.5gb",
    "28, 9856, 2g.10gb",
    "42, 19968, 3g.20gb",
    "98, 40192, 7g.40gb",
    "14, 9728, 1g.10gb",
    "42, 40192, 3g.40gb",
    "98, 80896, 7g.80gb",
    "16, 10240, 1g.10gb",
    "60, 40448, 3g.40gb",
    "132, 80896, 7g.80gb"
  })
  void migProfilesComeFromMultiprocessorsAndMemory(int sms, long mib, String profile) {
    assertThat(GpuModels.migProfile(sms, mib)).hasValue(profile);
  }

  @ParameterizedTest
  @CsvSource({"13, 4864", "42, -1"})
  void anUnknownMultiprocessorCountOrMissingMemoryHasNoProfile(int sms, long mib) {
    assertThat(GpuModels.migProfile(sms, mib)).isEmpty();
  }
}
