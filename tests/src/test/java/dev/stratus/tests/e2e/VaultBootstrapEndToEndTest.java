package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.VaultSettings;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.tests.support.E2eCluster;
import dev.stratus.tests.support.SecretScan;
import dev.stratus.tests.vault.VaultModel;
import dev.stratus.tests.vault.VaultServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Nodes that get their munge key from Vault, on the real Slurm of this machine: the controller
 * issues one wrapped secret-id per node, the local provider hands each node only its wrapping
 * token, and the node's agent unwraps it, logs in, reads the key from the Vault model (served on
 * the cluster's bridge, where the nodes' namespaces reach it) and proves slurmctld accepts it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("slurm")
class VaultBootstrapEndToEndTest {
  static final Duration SLURM_WAIT = Duration.ofSeconds(120);
  static final String DATA_PATH = "secret/data/slurm/munge";
  static final String ROLE_ID = "e2e-role-id-slurm-node";
  static E2eCluster e2e;
  static VaultServer vault;
  static String goodKey;

  @BeforeAll
  static void startCluster() throws Exception {
    int port = freePort();
    e2e =
        E2eCluster.start(
            "v2e",
            2,
            cluster -> cluster.config().withVault(settings(cluster, port)),
            cluster -> {
              // The controller's start created the bridge: the Vault model can listen on it now.
              vault = new VaultServer(cluster.spec().bridgeAddress(), port);
              vault.model.role("slurm-node", ROLE_ID, Set.of(DATA_PATH));
              try {
                goodKey =
                    Base64.getEncoder()
                        .encodeToString(Files.readAllBytes(cluster.config().mungeKeyFile()));
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
              vault.model.put(DATA_PATH, Map.of("key", goodKey));
            });
  }

  /** The controller's vault: block: a token file of its own, the model on the bridge address. */
  static VaultSettings settings(EmbeddedCluster cluster, int port) {
    try {
      Path token = cluster.root().resolve("keys/vault-controller.token");
      Files.writeString(token, VaultModel.ROOT_TOKEN);
      Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("r--------"));
      return VaultServer.controllerSettings(
          "http://" + cluster.spec().bridgeAddress() + ":" + port,
          "slurm-node",
          ROLE_ID,
          token,
          Duration.ofMinutes(5));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @AfterAll
  static void tearDown() {
    if (e2e != null) {
      e2e.close();
    }
    if (vault != null) {
      vault.close();
    }
  }

  @Test
  @Order(1)
  void aJobRunsOnANodeWhoseMungeKeyCameFromVaultAndNoCredentialStaysUsableOrShows()
      throws Exception {
    try (SecretScan scan = new SecretScan()) {
      String out = e2e.run("srun", "-p", "gpu", "-N1", "--gres=gpu:h100:1", "hostname");
      aJobRanWithTheKeyFromVault(out);
      // The node is still up (until SuspendTime): its munged and slurmd are scanned too.
      List<Long> nodePids =
          scan.assertNoSecretAnywhere(secrets(), e2e.cluster.root(), e2e.namespaces());
      assertThat(nodePids).as("processes of the node that ran the job").isNotEmpty();
    }
  }

  void aJobRanWithTheKeyFromVault(String out) {

    assertThat(out.strip()).matches("gpu-00[12]");
    assertThat(vault.model.calls())
        .containsSubsequence(
            "POST /v1/auth/approle/role/slurm-node/secret-id",
            "POST /v1/sys/wrapping/unwrap",
            "POST /v1/auth/approle/login",
            "GET /v1/" + DATA_PATH,
            "POST /v1/auth/token/revoke-self");
    assertThat(vault.model.liveWrappingTokens()).isZero();
    assertThat(vault.model.liveSecretIds()).isZero();
    assertThat(vault.model.liveTokens()).isZero();
  }

  @Test
  @Order(2)
  void aNodeGivenTheWrongKeyNeverRegistersAndIsSetDownSayingSo() throws Exception {
    e2e.awaitAllSuspended(SLURM_WAIT);
    byte[] wrong = new byte[1024];
    new SecureRandom().nextBytes(wrong);
    vault.model.put(DATA_PATH, Map.of("key", Base64.getEncoder().encodeToString(wrong)));
    String job;
    try {
      job = e2e.sbatch("-N1", "--gres=gpu:h100:1", "--wrap", "hostname");

      SlurmNode down = awaitDownWith("controller-auth");
      assertThat(down.reason())
          .startsWith("stratus: controller-auth: node " + down.name())
          .contains("slurmctld refused this node's munge credential")
          .contains("munge key");
      assertThat(e2e.jobState(job)).isEqualTo("PENDING");
    } finally {
      vault.model.put(DATA_PATH, Map.of("key", goodKey));
    }
    // The node is returned to service after downHold; with the right key the job then runs.
    await()
        .atMost(SLURM_WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> e2e.jobState(job).equals("COMPLETED"));
  }

  @Test
  @Order(3)
  void aWrappingTokenSomeoneElseUnwrappedFirstIsRefusedAndTheNodeReported() {
    e2e.awaitAllSuspended(SLURM_WAIT);
    vault.model.interceptNextWrappingTokens(1);

    String job = e2e.sbatch("-N1", "--gres=gpu:h100:1", "--wrap", "hostname");

    SlurmNode down = awaitDownWith("munge-key");
    assertThat(down.reason())
        .contains("wrapping token is not valid or does not exist")
        .contains("already used or has expired");
    await()
        .atMost(SLURM_WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> e2e.jobState(job).equals("COMPLETED"));
    e2e.awaitAllSuspended(SLURM_WAIT);
  }

  /**
   * The munge key (raw and base64), the controller's token, every credential Vault issued, and the
   * controller's secret with the keys derived from it (the running nodes' included).
   */
  static List<String> secrets() throws IOException {
    List<String> secrets = new ArrayList<>(vault.model.issuedCredentials());
    assertThat(secrets).as("wrapping tokens, secret ids and tokens issued").hasSizeGreaterThan(2);
    secrets.add(goodKey);
    secrets.add(
        new String(
            Files.readAllBytes(e2e.cluster.config().mungeKeyFile()), StandardCharsets.ISO_8859_1));
    secrets.add(VaultModel.ROOT_TOKEN);
    List<Instance> running = e2e.local().list(e2e.cluster.config().cluster());
    assertThat(running).as("the node that ran the job, whose key is scanned for").isNotEmpty();
    secrets.addAll(SecretScan.signingKeys(e2e.cluster.config(), running));
    return secrets;
  }

  static SlurmNode awaitDownWith(String step) {
    return await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () ->
                e2e.nodes().stream()
                    .filter(n -> n.down() && n.reason().startsWith("stratus: " + step + ":"))
                    .findFirst(),
            Optional::isPresent)
        .orElseThrow();
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
