package dev.stratus.bootstrap.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NvlinkStatusTest {
  @Test
  void readsEachGpusLinks() {
    List<NvlinkStatus.Gpu> gpus =
        NvlinkStatus.parse(HealthFixtures.text("health/nvlink-h100-8-gpu2-link3-7-down.txt"));

    assertThat(gpus).hasSize(8);
    assertThat(gpus.get(2).uuid()).isEqualTo("GPU-9531985d-5d9d-c9f8-1818-e811892f902b");
    assertThat(gpus.get(2).inactive()).containsExactly(3, 7);
    assertThat(gpus.get(2).active()).hasSize(16);
    assertThat(NvlinkStatus.down(gpus)).extracting(NvlinkStatus.Gpu::smiIndex).containsExactly(2);
  }

  @Test
  void allUpOrNoNvlinkAtAllIsNothingDown() {
    assertThat(
            NvlinkStatus.down(
                NvlinkStatus.parse(HealthFixtures.text("health/nvlink-h100-8-ok.txt"))))
        .isEmpty();
    List<NvlinkStatus.Gpu> pcie =
        NvlinkStatus.parse(HealthFixtures.text("health/nvlink-pcie-no-nvlink.txt"));
    assertThat(pcie).hasSize(2);
    assertThat(NvlinkStatus.down(pcie)).isEmpty();
    assertThat(NvlinkStatus.parse("")).isEmpty();
    assertThat(NvlinkStatus.parse("\tLink 0: <inactive>\ngarbage")).isEmpty();
  }
}
