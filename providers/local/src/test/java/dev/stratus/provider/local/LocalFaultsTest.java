package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.OfferingKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalFaultsTest {
  static final OfferingKey KEY =
      new OfferingKey("local", "local", "", "ns-h100x8", CapacityType.SPOT);

  @Test
  void offeringIsExhaustedByInstanceTypeOrByItsFullKey() {
    assertThat(new LocalFaults(Set.of(), Set.of("ns-h100x8")).exhausted(KEY)).isTrue();
    assertThat(new LocalFaults(Set.of(), Set.of("local/local/ns-h100x8/spot")).exhausted(KEY))
        .isTrue();
    assertThat(new LocalFaults(Set.of(), Set.of("local/local/ns-h100x8/on_demand")).exhausted(KEY))
        .isFalse();
  }

  @Test
  void writtenFaultsReadBackAndMissingFileMeansNone(@TempDir Path dir) {
    assertThat(LocalFaults.read(dir)).isEqualTo(LocalFaults.none());
    LocalFaults faults = new LocalFaults(Set.of("gpu-002"), Set.of("ns-h100x8"));

    faults.write(dir);

    assertThat(LocalFaults.read(dir)).isEqualTo(faults);
    assertThat(
            LocalFaults.read(dir).plus(new LocalFaults(Set.of("gpu-003"), Set.of())).failLaunches())
        .containsExactlyInAnyOrder("gpu-002", "gpu-003");
  }

  @Test
  void brokenFaultsFileIsReportedWithItsPath(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve(LocalFaults.FILE), "{\"failLaunches\": 3}");

    assertThatThrownBy(() -> LocalFaults.read(dir))
        .hasMessageContaining(LocalFaults.FILE)
        .hasMessageContaining("failLaunches must be a list");
  }
}
