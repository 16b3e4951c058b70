package dev.stratus.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.bootstrap.gpu.GpuCheck;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
    assertThat(s.checkController()).isTrue();
    assertThat(s.keyFile()).isEqualTo(Path.of("/lab/nodes/gpu-001/keys/munge.key"));
    assertThat(s.nodeSocketDir()).isEqualTo(Path.of("/lab/nodes/gpu-001/munge"));
  }

  @Test
  void jsonWrittenByTheProviderReadsBackEqual() {
    AgentSettings s = AgentSettings.parse(FULL);

    assertThat(AgentSettings.parse(s.toJson())).isEqualTo(s);
  }

  @Test
  void controllerCheckCanBeTurnedOffWhereNoSlurmctldRuns() {
    AgentSettings s = AgentSettings.parse(FULL.replace("{", "{\"checkController\":false,"));

    assertThat(s.checkController()).isFalse();
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

  @Test
  void vaultKeySourceAndNvidiaSmiCheckReadBackEqual() {
    String json =
        FULL.replace(
                "\"mungeKeySource\":\"/lab/keys/munge.key\"",
                "\"mungeKeySource\":{\"type\":\"vault\",\"address\":\"https://vault:8200\","
                    + "\"kvPath\":\"slurm/munge\",\"roleId\":\"r\","
                    + "\"wrappingTokenFile\":\"/run/stratus/wrap\"}")
            .replace(
                "\"gpuCount\":8",
                "\"gpuCount\":2,\"gpuCheck\":{\"type\":\"nvidia-smi\",\"gpuType\":\"a100\","
                    + "\"mig\":{\"a100_3g.20gb\":2}}");

    AgentSettings s = AgentSettings.parse(json);

    assertThat(s.mungeKeySource()).isInstanceOf(KeySourceSpec.VaultSource.class);
    assertThat(s.gpuCheck())
        .isEqualTo(
            new GpuCheck.NvidiaSmi(
                Path.of("/usr/bin/nvidia-smi"), "a100", Map.of("a100_3g.20gb", 2), true));
    assertThat(AgentSettings.parse(s.toJson())).isEqualTo(s);
  }

  @Test
  void theOldFileFormStillMeansAFileAndDeviceFiles() {
    AgentSettings s = AgentSettings.parse(FULL);

    assertThat(s.mungeKeySource())
        .isEqualTo(new KeySourceSpec.FileSource(Path.of("/lab/keys/munge.key")));
    assertThat(s.gpuCheck()).isEqualTo(new GpuCheck.DeviceFiles());
    assertThat(s.toJson()).contains("\"mungeKeySource\" : \"/lab/keys/munge.key\"");
  }

  @Test
  void migDeviceCountMustBeTheGpuCount() {
    assertThatThrownBy(
            () ->
                AgentSettings.parse(
                    FULL.replace(
                        "\"gpuCount\":8",
                        "\"gpuCount\":8,\"gpuCheck\":{\"type\":\"nvidia-smi\","
                            + "\"gpuType\":\"a100\",\"mig\":{\"a100_3g.20gb\":2}}")))
        .hasMessageContaining(
            "gpuCount 8 must equal the number of MIG devices in gpuCheck.mig (2)");
  }

  static final String CONFIGLESS =
      FULL.replace("\"slurmConf\":\"/lab/etc/slurm.conf\",", "\"confServer\":\"10.77.0.1:6817\",");

  @Test
  void aConfServerReplacesSlurmConfAndReadsBackEqual() {
    AgentSettings s = AgentSettings.parse(CONFIGLESS);

    assertThat(s.configless()).isTrue();
    assertThat(s.confServer()).isEqualTo("10.77.0.1:6817");
    assertThat(s.slurmConf()).isNull();
    assertThat(s.toJson()).doesNotContain("slurmConf");
    assertThat(AgentSettings.parse(s.toJson())).isEqualTo(s);
    assertThat(AgentSettings.parse(CONFIGLESS.replace(":6817", "")).confServer())
        .isEqualTo("10.77.0.1");
  }

  @Test
  void slurmConfAndConfServerTogetherAreRefusedNamingBoth() {
    assertThatThrownBy(
            () -> AgentSettings.parse(FULL.replace("{", "{\"confServer\":\"ctl:6817\",")))
        .hasMessageContaining("slurmConf and confServer are mutually exclusive");
  }

  @Test
  void aConfServerThatIsNoHostAndPortIsRefusedNamingIt() {
    for (String bad : List.of("http://ctl:6817", "ctl:70000", "ctl:", "ctl:6817/x", "-ctl")) {
      assertThatThrownBy(() -> AgentSettings.parse(CONFIGLESS.replace("10.77.0.1:6817", bad)))
          .as(bad)
          .hasMessageContaining("confServer '" + bad + "' must be host[:port]");
    }
  }
}
