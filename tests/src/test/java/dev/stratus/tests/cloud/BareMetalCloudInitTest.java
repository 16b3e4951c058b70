package dev.stratus.tests.cloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.spi.CarriesNodeCredentials;
import dev.stratus.api.spi.NodeUserData;
import dev.stratus.bootstrap.AgentSettings;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import dev.stratus.bootstrap.secret.NodeKeySpec;
import dev.stratus.bootstrap.secret.VaultLogin;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.render.CloudInitViews;
import dev.stratus.core.render.CloudInitWriter;
import dev.stratus.provider.lambda.LambdaHarness;
import dev.stratus.templates.CloudInitView;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cloud-init user-data {@code stratus config render} writes for OCI and Lambda nodes: OCI nodes
 * read their name and address from the instance metadata service and log in with Vault's OCI
 * method; Lambda nodes, which have neither a metadata service nor an identity Vault can check, get
 * their name from the launcher and log in with AppRole; neither starts a notice watcher.
 */
class BareMetalCloudInitTest {
  static final String YAML =
      """
      cluster: gpu
      bootstrap:
        agentUrl: https://artifacts.example.com/stratus-node.tar.gz
        agentSha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
        noticeUrl: http://10.0.0.5:9400/v1/notices
        vault: {address: "https://vault.example.com:8200", kvPath: stratus/munge, role: stratus-node}
      pools:
        - name: oci-h100
          gpu: {model: h100, count: 8}
          cpus: 224
          memoryMiB: 1900000
          maxNodes: 4
          offerings: [{provider: oci, region: us-ashburn-1, zone: "Uocm:US-ASHBURN-AD-1", instanceType: BM.GPU.H100.8, pricePerHour: 80}]
        - name: lam-h100
          gpu: {model: h100, count: 8}
          cpus: 208
          memoryMiB: 1700000
          maxNodes: 4
          offerings: [{provider: lambda, region: us-east-1, instanceType: gpu_8x_h100_sxm5, pricePerHour: 31.92}]
      providers: {oci: {}, lambda: {}}
      VAULT
      """;
  static final String CONTROLLER_VAULT = CloudInitAgentSettingsTest.CONTROLLER_VAULT;

  @TempDir Path dir;

  LoadedConfig load(String vault) throws Exception {
    Path file = dir.resolve("stratus.yaml");
    Files.writeString(file, YAML.replace("VAULT", vault));
    return ConfigLoader.loadAll(file);
  }

  Map<String, CloudInitView> views(String vault) throws Exception {
    LoadedConfig loaded = load(vault);
    return CloudInitViews.of(loaded.config(), loaded.bootstrap().orElseThrow());
  }

  static AgentSettings onNode(CloudInitView view, String node) {
    return AgentSettings.parse(
        view.pools()
            .get(0)
            .json()
            .replace(CloudInitView.NODE_NAME_SLOT, node)
            .replace(CloudInitView.ADDRESS_SLOT, "10.0.3.7")
            .replace(CloudInitView.INSTANCE_SLOT, "ocid1.instance.oc1.iad.an4w4ljr"));
  }

  @Test
  void ociNodesReadTheirNameFromTheMetadataServiceAndLogInWithVaultsOciMethod() throws Exception {
    CloudInitView oci = views(CONTROLLER_VAULT).get("oci");

    var login = ((KeySourceSpec.VaultSource) onNode(oci, "oci-h100-001").mungeKeySource()).login();
    assertThat(login).isEqualTo(new VaultLogin.Oci("oci", "stratus-node"));
    String userData = CloudInitWriter.render(oci);
    assertThat(userData)
        .contains("-H 'Authorization: Bearer Oracle'")
        .contains("opc/v2/$1")
        .contains("node=$(md instance/displayName)")
        .contains("instance=$(md instance/id)")
        .contains("providers.oci.userDataFile")
        .doesNotContain("stratus-watcher")
        .doesNotContain(NodeUserData.WRAPPING_TOKEN_SLOT);
    assertThat(onNode(oci, "oci-h100-001").reportUrl())
        .hasValue(URI.create("http://10.0.0.5:9400/v1/bootstrap"));
  }

  @Test
  void lambdaNodesLogInWithAppRoleAndFindTheNameTheLaunchWroteIntoTheirUserData() throws Exception {
    CloudInitView lambda = views(CONTROLLER_VAULT).get("lambda");
    String userData = CloudInitWriter.render(lambda);

    var login =
        ((KeySourceSpec.VaultSource) onNode(lambda, "lam-h100-001").mungeKeySource()).login();
    assertThat(login)
        .isEqualTo(
            new VaultLogin.AppRole(
                "approle", "6f1c2c1e", null, Path.of(CloudInitViews.WRAPPING_TOKEN_FILE)));
    assertThat(userData.split(NodeUserData.NODE_NAME_SLOT, -1)).hasSize(2);
    assertThat(onNode(lambda, "lam-h100-001").nodeKey().orElseThrow())
        .as("no cloud identity: the signing key comes wrapped, like the secret-id")
        .isInstanceOf(NodeKeySpec.Wrapped.class);
    assertThat(userData)
        .contains(NodeUserData.WRAPPING_TOKEN_SLOT)
        .doesNotContain("stratus-watcher");
    String filled =
        NodeUserData.fillNodeName(userData, "lam-h100-003")
            .replace(NodeUserData.WRAPPING_TOKEN_SLOT, "hvs.w");
    assertThat(filled).contains("node='lam-h100-003'");
  }

  @Test
  void theLambdaProviderTakesTheRenderedUserDataAndThenCarriesPerNodeCredentials()
      throws Exception {
    Path file = dir.resolve(CloudInitWriter.fileName("lambda"));
    Files.writeString(file, CloudInitWriter.render(views(CONTROLLER_VAULT).get("lambda")));
    Files.createDirectories(dir.resolve("lambda"));

    LambdaHarness h =
        new LambdaHarness(
            dir.resolve("lambda"), Map.of("userDataFile", file.toString()), Clock.systemUTC());
    try {
      assertThat(((CarriesNodeCredentials) h.provider()).needsNodeCredentials()).isTrue();
    } finally {
      h.close();
    }
  }

  @Test
  void lambdaPoolsWithoutTheControllersVaultBlockAreRefusedNamingWhy() throws Exception {
    LoadedConfig loaded = load("");

    assertThatThrownBy(() -> CloudInitViews.of(loaded.config(), loaded.bootstrap().orElseThrow()))
        .hasMessageContaining("pools on lambda need the top-level vault: block")
        .hasMessageContaining("no cloud identity Vault can check");
  }
}
