package dev.stratus.tests.vault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.spi.NodeCredential;
import dev.stratus.api.spi.NodeKeyIssuer;
import dev.stratus.bootstrap.secret.CloudIdentity;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import dev.stratus.bootstrap.secret.NodeKeySource;
import dev.stratus.bootstrap.secret.NodeKeySpec;
import dev.stratus.bootstrap.secret.VaultLogin;
import dev.stratus.daemon.vault.VaultNodeCredentials;
import dev.stratus.wire.NodeKeys;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each node's signing key travels like its secret-id: the controller wraps it with {@code
 * sys/wrapping/wrap} (the real driver against the Vault model), the node's agent unwraps it once
 * from its token file, and revoking the credential spends that token too.
 */
class VaultNodeKeyWrapTest {
  static final byte[] SECRET = new byte[32];
  static final NodeKeyIssuer KEYS =
      (node, token) -> Optional.of(NodeKeys.node(SECRET, "c1", node, token));

  @TempDir Path dir;
  VaultServer vault;
  VaultNodeCredentials credentials;

  @BeforeEach
  void start() throws Exception {
    vault = new VaultServer();
    vault.model.role("slurm-node", "role-id", Set.of("secret/data/slurm/munge"));
    Path token = Files.writeString(dir.resolve("controller-token"), VaultModel.ROOT_TOKEN);
    credentials =
        new VaultNodeCredentials(
            VaultServer.controllerSettings(
                vault.address(), "slurm-node", "role-id", token, Duration.ofMinutes(5)),
            KEYS);
  }

  @AfterEach
  void stop() {
    vault.close();
  }

  /** What the node's agent does with the token in its file. */
  byte[] unwrapOnNode(NodeCredential c, String node) throws Exception {
    Path file = Files.writeString(dir.resolve("node-key-wrap-" + node), c.nodeKeyToken());
    KeySourceSpec.VaultSource source =
        new KeySourceSpec.VaultSource(
            URI.create(vault.address()),
            "secret",
            "slurm/munge",
            "key",
            new VaultLogin.AppRole("approle", "role-id", null, dir.resolve("unused")),
            Optional.empty(),
            Duration.ofSeconds(5));
    return new NodeKeySource(new NodeKeySpec.Wrapped(file), source, CloudIdentity.none(), node)
        .fetch();
  }

  @Test
  void eachNodesKeyOfThisLaunchIsWrappedOnceAndUnwrapsOnTheNodeOnlyOnce() throws Exception {
    Map<String, NodeCredential> issued = credentials.issue(List.of("gpu-001", "gpu-002"), "st-7");

    assertThat(vault.model.calls())
        .containsExactly(
            "POST /v1/auth/approle/role/slurm-node/secret-id",
            "POST /v1/sys/wrapping/wrap",
            "POST /v1/auth/approle/role/slurm-node/secret-id",
            "POST /v1/sys/wrapping/wrap");
    assertThat(unwrapOnNode(issued.get("gpu-001"), "gpu-001"))
        .isEqualTo(NodeKeys.node(SECRET, "c1", "gpu-001", "st-7"));
    assertThat(unwrapOnNode(issued.get("gpu-002"), "gpu-002"))
        .isEqualTo(NodeKeys.node(SECRET, "c1", "gpu-002", "st-7"));
    assertThatThrownBy(() -> unwrapOnNode(issued.get("gpu-001"), "gpu-001"))
        .hasMessageContaining("wrapping token is not valid or does not exist")
        .hasMessageContaining("already used or has expired")
        .hasMessageNotContaining(issued.get("gpu-001").nodeKeyToken());
  }

  @Test
  void revokingTheCredentialSpendsTheKeysWrappingTokenToo() throws Exception {
    NodeCredential c = credentials.issue(List.of("gpu-001"), "st-7").get("gpu-001");
    assertThat(vault.model.liveWrappingTokens()).isEqualTo(2);

    credentials.revoke(c);

    assertThat(vault.model.liveWrappingTokens()).isZero();
    assertThatThrownBy(() -> unwrapOnNode(c, "gpu-001"))
        .hasMessageContaining("wrapping token is not valid or does not exist");
    assertThat(c.toString()).doesNotContain(c.nodeKeyToken()).doesNotContain(c.wrappingToken());
  }

  @Test
  void vaultWrapsOnlyAResponseWrappingRequestFromATokenAllowedTo() throws Exception {
    HttpResponse<String> noTtl = post(VaultModel.ROOT_TOKEN, null);
    HttpResponse<String> nodeToken = post("hvs.not-the-controller", "300");

    assertThat(noTtl.statusCode()).isEqualTo(400);
    assertThat(noTtl.body()).contains("endpoint requires response wrapping to be used");
    assertThat(nodeToken.statusCode()).isEqualTo(403);
    assertThat(vault.model.liveWrappingTokens()).isZero();
  }

  HttpResponse<String> post(String token, String wrapTtl) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(vault.address() + "/v1/sys/wrapping/wrap"))
            .header("X-Vault-Token", token)
            .POST(HttpRequest.BodyPublishers.ofString("{\"key\":\"AAAA\"}"));
    if (wrapTtl != null) {
      b.header("X-Vault-Wrap-TTL", wrapTtl);
    }
    return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
  }
}
