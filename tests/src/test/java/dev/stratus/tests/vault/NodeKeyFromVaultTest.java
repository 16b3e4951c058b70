package dev.stratus.tests.vault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.NodeKeyIssuer;
import dev.stratus.bootstrap.identity.CloudIdentities;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import dev.stratus.bootstrap.secret.NodeKeySource;
import dev.stratus.bootstrap.secret.NodeKeySpec;
import dev.stratus.daemon.vault.NodeKeyPublisher;
import dev.stratus.testkit.metadata.GceMetadataModel;
import dev.stratus.wire.NodeKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nodes that log in with their cloud identity read their signing key from Vault: the controller
 * files each live instance's key under the name the login knows it by ({@link NodeKeyPublisher},
 * the real driver), and a templated policy on the entity alias lets each instance read its own path
 * only ({@link PolicyModel}). The node side is the agent's {@link NodeKeySource} after a GCP login
 * with the metadata server's identity token (instance {@code stratus-gpu-a-3f9c2e}).
 */
class NodeKeyFromVaultTest {
  static final byte[] SECRET = new byte[32];
  static final NodeKeyIssuer KEYS =
      (node, token) -> Optional.of(NodeKeys.node(SECRET, "c1", node, token));
  static final String TEMPLATED =
      "secret/data/stratus/node-keys/c1/{{identity.entity.aliases."
          + IdentityModel.accessor("gcp")
          + ".metadata.instance_name}}";
  static final String ME = "stratus-gpu-a-3f9c2e";

  @TempDir Path dir;
  final CloudLoginFixture f = new CloudLoginFixture();
  final GceMetadataModel gce = new GceMetadataModel(ME, f.clock());
  NodeKeyPublisher publisher;
  final List<String> pauses = new ArrayList<>();

  @BeforeEach
  void setUp() throws Exception {
    f.vault.model.cloudRole(
        "gcp",
        "slurm-node-gcp",
        List.of(
            new PolicyModel.Rule(CloudLoginFixture.DATA_PATH, Set.of("read")),
            new PolicyModel.Rule(TEMPLATED, Set.of("read"))));
    f.vault.model.cloud.trustGoogle(gce.tokenKey());
    // gce_alias=instance_id: every instance an alias of its own (the default, role_id, would share
    // one alias, and its metadata, between all instances of the role)
    f.vault.model.identity.configure("gcp", true, IdentityModel.DEFAULT_METADATA.get("gcp"));
    Path token = Files.writeString(dir.resolve("controller-token"), VaultModel.ROOT_TOKEN);
    publisher =
        new NodeKeyPublisher(
            VaultServer.controllerSettings(f.vault.address(), "", "", token, Duration.ofMinutes(5)),
            KEYS,
            "c1");
  }

  @AfterEach
  void stop() {
    gce.close();
    f.close();
  }

  static Instance gce(String name, String node, String token, InstanceState state) {
    return new Instance(
        "us-central1-a/" + name,
        new OfferingKey("gcp", "us-central1", "us-central1-a", "a2-highgpu-8g", CapacityType.SPOT),
        state,
        Instant.EPOCH,
        "10.1.0.3",
        Map.of(Tags.NODE, node, Tags.TOKEN, token));
  }

  /** What the node's agent does in its node-key step. */
  byte[] nodeReads(String instance, String node, Duration wait) throws Exception {
    KeySourceSpec.VaultSource spec =
        f.spec(
            "\"auth\":\"gcp\",\"role\":\"slurm-node-gcp\",\"metadataUrl\":\"" + gce.base() + "\"");
    return new NodeKeySource(
            new NodeKeySpec.VaultKv(NodeKeys.vaultPath("c1", instance)),
            spec,
            CloudIdentities.forSource(spec, f.clock()),
            node,
            wait,
            d -> pauses.add(d.toString()))
        .fetch();
  }

  @Test
  void theControllerFilesEachInstancesKeyAndTheNodeReadsItsOwn() throws Exception {
    publisher.publish(
        List.of(
            gce(ME, "gcp-a100-001", "st-launch-1", InstanceState.RUNNING),
            gce("gcp-a100-002-aaaaaa", "gcp-a100-002", "st-launch-1", InstanceState.PENDING)));

    assertThat(nodeReads(ME, "gcp-a100-001", Duration.ZERO))
        .isEqualTo(NodeKeys.node(SECRET, "c1", "gcp-a100-001", "st-launch-1"));
    assertThat(f.vault.model.secret("secret/data/stratus/node-keys/c1/gcp-a100-002-aaaaaa"))
        .containsEntry("node", "gcp-a100-002");
    assertThat(f.vault.model.liveTokens()).isZero();
  }

  @Test
  void anInstanceCannotReadAnotherInstancesKey() throws Exception {
    publisher.publish(
        List.of(gce("gcp-a100-002-aaaaaa", "gcp-a100-002", "st-launch-1", InstanceState.RUNNING)));

    assertThatThrownBy(() -> nodeReads("gcp-a100-002-aaaaaa", "gcp-a100-002", Duration.ZERO))
        .hasMessageContaining("permission denied")
        .hasMessageContaining("secret/data/stratus/node-keys/c1/gcp-a100-002-aaaaaa");
  }

  @Test
  void aKeyFiledForAnotherNodeAtThisPathIsRefused() throws Exception {
    publisher.publish(List.of(gce(ME, "gcp-a100-009", "st-launch-1", InstanceState.RUNNING)));

    assertThatThrownBy(() -> nodeReads(ME, "gcp-a100-001", Duration.ZERO))
        .hasMessageContaining("for node 'gcp-a100-009', not this node gcp-a100-001");
  }

  @Test
  void aNodeFasterThanTheControllerWaitsForItsKeyThenGivesUpNamingWhy() throws Exception {
    assertThatThrownBy(() -> nodeReads(ME, "gcp-a100-001", Duration.ofSeconds(15)))
        .hasMessageContaining("no node key is stored there after 15 s")
        .hasMessageContaining("vault: block");
    assertThat(pauses).containsExactly("PT5S", "PT5S", "PT5S");
  }

  @Test
  void aGoneInstancesKeyIsDeletedWithEveryVersion() throws Exception {
    Instance me = gce(ME, "gcp-a100-001", "st-launch-1", InstanceState.RUNNING);
    publisher.publish(List.of(me));

    publisher.publish(List.of(me.withState(InstanceState.TERMINATED)));

    assertThat(f.vault.model.secret("secret/data/stratus/node-keys/c1/" + ME)).isNull();
    assertThat(f.vault.model.calls())
        .contains("DELETE /v1/secret/metadata/stratus/node-keys/c1/" + ME);
  }

  @Test
  void withTheLoginsDefaultMetadataTheTemplatedPathGrantsNothing() throws Exception {
    // gce_metadata without instance_name: the templated path cannot be filled in
    f.vault.model.identity.configure("gcp", true, Set.of("project_id", "zone"));
    publisher.publish(List.of(gce(ME, "gcp-a100-001", "st-launch-1", InstanceState.RUNNING)));

    assertThatThrownBy(() -> nodeReads(ME, "gcp-a100-001", Duration.ZERO))
        .hasMessageContaining("permission denied");
  }
}
