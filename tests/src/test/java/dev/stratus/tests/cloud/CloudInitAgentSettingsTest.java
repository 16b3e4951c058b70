package dev.stratus.tests.cloud;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.bootstrap.AgentSettings;
import dev.stratus.bootstrap.gpu.GpuCheck;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import dev.stratus.bootstrap.secret.NodeKeySpec;
import dev.stratus.bootstrap.secret.VaultLogin;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.render.CloudInitViews;
import dev.stratus.templates.CloudInitView;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent settings that elastic-core writes into each cloud's user-data are what the real agent
 * reads: once a node has filled in its name and address, {@link AgentSettings#parse} takes them,
 * with the Vault login of that cloud and an nvidia-smi GPU check.
 */
class CloudInitAgentSettingsTest {
  /** The controller's vault: block (AppRole nodes get their wrapping tokens through it). */
  static final String CONTROLLER_VAULT =
      """
      vault:
        address: https://vault.example.com:8200
        kvPath: stratus/munge
        roleName: stratus-node
        roleId: 6f1c2c1e
        controllerTokenFile: /etc/stratus/vault-token
      """;

  static final String YAML =
      """
      cluster: gpu
      bootstrap:
        agentUrl: https://artifacts.example.com/stratus-node.tar.gz
        agentSha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
        vault: {address: "https://vault.example.com:8200", kvPath: stratus/munge, AUTH}
      pools:
        - name: aws-h100
          gpu: {model: h100, count: 8}
          cpus: 192
          memoryMiB: 1980000
          maxNodes: 2
          offerings: [{provider: aws, region: us-east-1, instanceType: p5.48xlarge, pricePerHour: 98}]
        - name: gcp-a100
          gpu: {model: a100, count: 8, mig: {3g.20gb: 2}, requireEcc: false}
          gres: {autodetect: nvml}
          cpus: 96
          memoryMiB: 660000
          maxNodes: 2
          offerings: [{provider: gcp, region: us-central1, instanceType: a2-highgpu-8g, pricePerHour: 29}]
        - name: azure-h100
          gpu: {model: h100, count: 8}
          cpus: 96
          memoryMiB: 1840000
          maxNodes: 2
          offerings: [{provider: azure, region: eastus, instanceType: Standard_ND96isr_H100_v5, pricePerHour: 98}]
      providers: {aws: {}, gcp: {}, azure: {}}
      """
          + CONTROLLER_VAULT;

  @TempDir Path dir;

  Map<String, CloudInitView> views(String auth) throws IOException {
    return views(auth, "");
  }

  /** {@code bootstrapLines}: more keys of the bootstrap: block, each line indented by two. */
  Map<String, CloudInitView> views(String auth, String bootstrapLines) throws IOException {
    Path file = dir.resolve("stratus.yaml");
    Files.writeString(
        file, YAML.replace("AUTH", auth).replace("  agentUrl:", bootstrapLines + "  agentUrl:"));
    LoadedConfig loaded = ConfigLoader.loadAll(file);
    return CloudInitViews.of(loaded.config(), loaded.bootstrap().orElseThrow());
  }

  /** What the start script does on a node: fill in the slots. */
  static AgentSettings onNode(CloudInitView view, String node) {
    String json =
        view.pools()
            .get(0)
            .json()
            .replace(CloudInitView.NODE_NAME_SLOT, node)
            .replace(CloudInitView.ADDRESS_SLOT, "10.0.3.7")
            .replace(CloudInitView.INSTANCE_SLOT, "i-0" + node.hashCode());
    return AgentSettings.parse(json);
  }

  @Test
  void eachCloudsSettingsParseWithThatCloudsVaultLogin() throws IOException {
    Map<String, CloudInitView> views = views("role: stratus-node");

    AgentSettings aws = onNode(views.get("aws"), "aws-h100-001");
    AgentSettings gcp = onNode(views.get("gcp"), "gcp-a100-002");
    AgentSettings azure = onNode(views.get("azure"), "azure-h100-001");

    assertThat(aws.nodeName()).isEqualTo("aws-h100-001");
    assertThat(aws.address()).isEqualTo("10.0.3.7");
    assertThat(aws.gpuCount()).isEqualTo(8);
    assertThat(aws.privateNamespaces()).isFalse();
    assertThat(aws.gpuCheck()).isInstanceOf(GpuCheck.NvidiaSmi.class);
    var vault = (KeySourceSpec.VaultSource) aws.mungeKeySource();
    assertThat(vault.dataPath()).isEqualTo("secret/data/stratus/munge");
    assertThat(vault.login()).isEqualTo(new VaultLogin.AwsIam("aws", "stratus-node", ""));
    assertThat(((KeySourceSpec.VaultSource) gcp.mungeKeySource()).login())
        .isEqualTo(new VaultLogin.Gcp("gcp", "stratus-node"));
    assertThat(((KeySourceSpec.VaultSource) azure.mungeKeySource()).login())
        .isInstanceOf(VaultLogin.Azure.class);
    // each reads its signing key where the controller files it for its instance
    assertThat(aws.nodeKey())
        .contains(new NodeKeySpec.VaultKv("stratus/node-keys/gpu/i-0" + "aws-h100-001".hashCode()));
    assertThat(aws.nodeKeyFile()).isEqualTo(Path.of(CloudInitView.NODE_KEY_FILE));
  }

  @Test
  void aMigPoolsNodesCheckEveryMigInstanceAsOneOfTheNodesGpus() throws IOException {
    Map<String, CloudInitView> views = views("role: stratus-node");

    AgentSettings gcp = onNode(views.get("gcp"), "gcp-a100-001");
    AgentSettings aws = onNode(views.get("aws"), "aws-h100-001");

    assertThat(gcp.gpuCount()).isEqualTo(16);
    assertThat(gcp.gpuCheck())
        .isEqualTo(
            new GpuCheck.NvidiaSmi(
                Path.of("/usr/bin/nvidia-smi"), "a100", Map.of("a100_3g.20gb", 16), false));
    assertThat(aws.gpuCheck())
        .isEqualTo(new GpuCheck.NvidiaSmi(Path.of("/usr/bin/nvidia-smi"), "h100", Map.of(), true));
  }

  @Test
  void configlessNodesSettingsStartSlurmdFromTheConfServerAndNameNoSlurmConf() throws IOException {
    Map<String, CloudInitView> views =
        views("role: stratus-node", "  confServer: \"10.0.0.5:6817\"\n");

    AgentSettings aws = onNode(views.get("aws"), "aws-h100-001");

    assertThat(aws.configless()).isTrue();
    assertThat(aws.confServer()).isEqualTo("10.0.0.5:6817");
    assertThat(aws.slurmConf()).isNull();
  }

  @Test
  void approleSettingsNameTheWrappingTokenFileAndHoldNoToken() throws IOException {
    AgentSettings settings =
        onNode(views("auth: approle, roleId: 6f1c2c1e").get("gcp"), "gcp-a100-001");

    var login = ((KeySourceSpec.VaultSource) settings.mungeKeySource()).login();
    assertThat(login)
        .isEqualTo(
            new VaultLogin.AppRole(
                "approle", "6f1c2c1e", null, Path.of(CloudInitViews.WRAPPING_TOKEN_FILE)));
    assertThat(settings.nodeKey())
        .contains(new NodeKeySpec.Wrapped(Path.of(CloudInitViews.NODE_KEY_WRAP_FILE)));
  }
}
