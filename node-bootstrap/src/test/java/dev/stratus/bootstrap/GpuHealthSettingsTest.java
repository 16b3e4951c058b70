package dev.stratus.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.bootstrap.health.GpuHealthCheck;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The optional {@code gpuHealth} settings key. */
class GpuHealthSettingsTest {
  static String with(String gpuHealth) {
    return AgentSettingsTest.FULL.replaceFirst("\\{", "{\"gpuHealth\":" + gpuHealth + ",");
  }

  @Test
  void absentIsLevelZero() {
    AgentSettings s = AgentSettings.parse(AgentSettingsTest.FULL);
    assertThat(s.gpuHealth().level()).isZero();
    assertThat(s.toJson()).doesNotContain("gpuHealth");
  }

  @Test
  void everyFieldIsReadAndWrittenBack() {
    AgentSettings s =
        AgentSettings.parse(
            with(
                "{\"level\":2,\"timeoutSeconds\":600,\"nvidiaSmi\":\"/opt/nv/nvidia-smi\","
                    + "\"dcgmi\":\"/opt/nv/dcgmi\",\"kernelLog\":\"/var/log/kern.log\","
                    + "\"diagLevel\":3,\"requirePersistence\":true}"));
    assertThat(s.gpuHealth())
        .isEqualTo(
            new GpuHealthCheck(
                2,
                Duration.ofSeconds(600),
                Path.of("/opt/nv/nvidia-smi"),
                Optional.of(Path.of("/opt/nv/dcgmi")),
                Path.of("/var/log/kern.log"),
                3,
                true));
    assertThat(AgentSettings.parse(s.toJson())).isEqualTo(s);
  }

  @Test
  void defaultsAndANullDcgmi() {
    GpuHealthCheck c = AgentSettings.parse(with("{\"level\":1}")).gpuHealth();
    assertThat(c)
        .isEqualTo(
            new GpuHealthCheck(
                1,
                Duration.ofSeconds(30),
                Path.of("/usr/bin/nvidia-smi"),
                Optional.of(Path.of("/usr/bin/dcgmi")),
                Path.of("/dev/kmsg"),
                1,
                false));
    AgentSettings none = AgentSettings.parse(with("{\"level\":2,\"dcgmi\":null}"));
    assertThat(none.gpuHealth().dcgmi()).isEmpty();
    assertThat(AgentSettings.parse(none.toJson())).isEqualTo(none);
  }

  @Test
  void badValuesAndUnknownKeysAreRefusedNamingThem() {
    assertThatThrownBy(() -> AgentSettings.parse(with("{\"level\":1,\"timeout\":5}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown gpuHealth keys [timeout]");
    assertThatThrownBy(() -> AgentSettings.parse(with("{\"level\":3}")))
        .hasMessageContaining("gpuHealth.level must be 0, 1 or 2, got 3");
    assertThatThrownBy(() -> AgentSettings.parse(with("{}")))
        .hasMessageContaining("gpuHealth.level must be set");
    assertThatThrownBy(() -> AgentSettings.parse(with("{\"level\":1,\"diagLevel\":0}")))
        .hasMessageContaining("gpuHealth.diagLevel must be 1, 2 or 3");
    assertThatThrownBy(() -> AgentSettings.parse(with("{\"level\":1,\"timeoutSeconds\":0}")))
        .hasMessageContaining("gpuHealth.timeoutSeconds");
    assertThatThrownBy(() -> AgentSettings.parse(with("{\"level\":1,\"kernelLog\":\"dmesg\"}")))
        .hasMessageContaining("gpuHealth.kernelLog must be an absolute path");
    assertThatThrownBy(() -> AgentSettings.parse(with("[1]")))
        .hasMessageContaining("gpuHealth must be an object");
  }
}
