package dev.stratus.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class AgentSettingsTest {
  static final String FULL =
      """
      {"nodeName":"gpu-001","address":"10.77.0.11","slurmConf":"/lab/etc/slurm.conf",
       "sbinDir":"/usr/sbin","mungeKeySource":"/lab/keys/munge.key",
       "mungeSocket":"/lab/munge/munge.socket","nodeDir":"/lab/nodes/gpu-001","gpuCount":8,
       "deviceDir":"/lab/dev","statusFile":"/lab/nodes/gpu-001/status.jsonl"}
      """;

  @Test
  void parsesEveryFieldAndAppliesDefaults() {
    AgentSettings s = AgentSettings.parse(FULL);

    assertThat(s.nodeName()).isEqualTo("gpu-001");
    assertThat(s.address()).isEqualTo("10.77.0.11");
    assertThat(s.mungeSocket()).isEqualTo(Path.of("/lab/munge/munge.socket"));
    assertThat(s.gpuCount()).isEqualTo(8);
    assertThat(s.binDir()).isEqualTo(Path.of("/usr/bin"));
    assertThat(s.mungeTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(s.privateNamespaces()).isTrue();
    assertThat(s.keyFile()).isEqualTo(Path.of("/lab/nodes/gpu-001/keys/munge.key"));
    assertThat(s.nodeSocketDir()).isEqualTo(Path.of("/lab/nodes/gpu-001/munge"));
  }

  @Test
  void jsonWrittenByTheProviderReadsBackEqual() {
    AgentSettings s = AgentSettings.parse(FULL);

    assertThat(AgentSettings.parse(s.toJson())).isEqualTo(s);
  }

  @Test
  void relativePathIsRefusedNamingTheField() {
    assertThatThrownBy(() -> AgentSettings.parse(FULL.replace("/lab/dev", "lab/dev")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("deviceDir")
        .hasMessageContaining("absolute");
  }

  @Test
  void unknownKeyIsRefusedNamingIt() {
    assertThatThrownBy(() -> AgentSettings.parse(FULL.replace("\"gpuCount\"", "\"gpuCont\"")))
        .hasMessageContaining("gpuCont");
  }

  @Test
  void missingPathIsRefusedNamingTheField() {
    assertThatThrownBy(
            () -> AgentSettings.parse(FULL.replace("\"slurmConf\":\"/lab/etc/slurm.conf\",", "")))
        .hasMessageContaining("slurmConf must be set");
  }

  @Test
  void nodeNameThatIsNoHostnameIsRefused() {
    assertThatThrownBy(
            () -> AgentSettings.parse(FULL.replace("gpu-001\",\"address", "Gpu 1\",\"address")))
        .hasMessageContaining("nodeName 'Gpu 1'");
  }

  @Test
  void gpuCountMustBeAnInteger() {
    assertThatThrownBy(
            () -> AgentSettings.parse(FULL.replace("\"gpuCount\":8", "\"gpuCount\":\"8\"")))
        .hasMessageContaining("gpuCount must be an integer");
  }

  @Test
  void brokenJsonIsReportedAsSuch() {
    assertThatThrownBy(() -> AgentSettings.parse("{\"nodeName\":"))
        .hasMessageContaining("not valid JSON");
  }
}
