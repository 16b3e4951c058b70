package dev.stratus.bootstrap.secret;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.bootstrap.AgentSettings;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeKeyJsonTest {
  static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void eachFormReadsBackFromWhatIsWritten() {
    for (NodeKeySpec spec :
        List.of(
            new NodeKeySpec.FileKey(Path.of("/n/keys/node.key")),
            new NodeKeySpec.Wrapped(Path.of("/run/stratus/node-key-wrap")),
            new NodeKeySpec.VaultKv("stratus/node-keys/c1/i-0abc"))) {
      assertThat(NodeKeyJson.parse(NodeKeyJson.write(spec))).isEqualTo(spec);
    }
  }

  @Test
  void badFormsAreRefusedNamingTheField() throws Exception {
    assertThatThrownBy(() -> NodeKeyJson.parse(JSON.readTree("{\"type\":\"env\"}")))
        .hasMessageContaining("nodeKey.type must be file, wrapped or vault, got 'env'");
    assertThatThrownBy(
            () -> NodeKeyJson.parse(JSON.readTree("{\"type\":\"file\",\"path\":\"rel/k\"}")))
        .hasMessageContaining("nodeKey.path must be an absolute path");
    assertThatThrownBy(
            () ->
                NodeKeyJson.parse(
                    JSON.readTree("{\"type\":\"vault\",\"kvPath\":\"a/../b\",\"x\":1}")))
        .hasMessageContaining("unknown nodeKey keys [x]");
    assertThatThrownBy(
            () -> NodeKeyJson.parse(JSON.readTree("{\"type\":\"vault\",\"kvPath\":\"a b\"}")))
        .hasMessageContaining("nodeKey.kvPath");
  }

  @Test
  void agentSettingsCarryTheNodeKeyAndTheControllersCaFile() {
    String json =
        """
        {"nodeName":"gpu-001","slurmConf":"/e/slurm.conf","sbinDir":"/usr/sbin",
         "mungeKeySource":"/k/munge.key","mungeSocket":"/m/munge/munge.socket","nodeDir":"/n",
         "gpuCount":0,"deviceDir":"/dev","statusFile":"/n/status.jsonl",
         "reportUrl":"https://10.0.0.5:8088/v1/bootstrap",
         "nodeKey":{"type":"wrapped","wrappingTokenFile":"/run/stratus/node-key-wrap"},
         "controllerCaFile":"/etc/stratus/controller-ca.pem"}
        """;

    AgentSettings s = AgentSettings.parse(json);

    assertThat(s.nodeKey())
        .contains(new NodeKeySpec.Wrapped(Path.of("/run/stratus/node-key-wrap")));
    assertThat(s.nodeKeyFile()).isEqualTo(Path.of("/n/keys/node.key"));
    assertThat(s.controllerCaFile()).contains(Path.of("/etc/stratus/controller-ca.pem"));
    assertThat(AgentSettings.parse(s.toJson())).isEqualTo(s);
  }
}
