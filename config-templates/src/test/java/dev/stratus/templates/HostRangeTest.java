package dev.stratus.templates;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HostRangeTest {
  @Test
  void formatsAZeroPaddedBracketRange() {
    assertThat(HostRange.format("gpu-", 1, 4, 3)).isEqualTo("gpu-[001-004]");
    assertThat(HostRange.format("big-", 1, 12000, 5)).isEqualTo("big-[00001-12000]");
  }

  @Test
  void writesASingleHostWithoutBrackets() {
    assertThat(HostRange.format("gpu-", 1, 1, 3)).isEqualTo("gpu-001");
  }

  @Test
  void formatsDeviceRangesFromZero() {
    assertThat(HostRange.devices("/dev/nvidia", 8)).isEqualTo("/dev/nvidia[0-7]");
    assertThat(HostRange.devices("/dev/nvidia", 1)).isEqualTo("/dev/nvidia0");
  }

  @Test
  void rejectsAnEmptyOrBackwardsRange() {
    assertThatThrownBy(() -> HostRange.format("gpu-", 5, 4, 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("gpu- 5..4");
    assertThatThrownBy(() -> HostRange.devices("/dev/nvidia", 0))
        .hasMessageContaining("device count must be >= 1, got 0");
    assertThatThrownBy(() -> HostRange.format("a[1]-", 1, 2, 3))
        .hasMessageContaining("without '['");
  }
}
