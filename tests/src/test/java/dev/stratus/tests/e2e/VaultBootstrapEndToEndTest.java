package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.core.embedded.EmbeddedCluster;
import dev.stratus.core.embedded.EmbeddedSpec;
import dev.stratus.core.embedded.Processes;
import dev.stratus.core.model.Instance;
import dev.stratus.core.runtime.ControllerRuntime;
import dev.stratus.core.runtime.ProviderRegistry;
import dev.stratus.core.slurm.CliSlurmClient;
import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.spi.NodeProvider;
import dev.stratus.core.spi.VaultSettings;
import dev.stratus.tests.vault.VaultModel;
import dev.stratus.tests.vault.VaultServer;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Clock;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Nodes that get their munge key from Vault, on the real Slurm of this machine: the controller
 * issues one wrapped secret-id per node, the local provider hands each node only its wrapping
 * token, and the node's agent unwraps it, logs in, reads the key from the Vault model (served on
 * the cluster's bridge, where the nodes' namespaces reach it) and proves slurmctld accepts it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class VaultBootstrapEndToEndTest {
  static final Duration SLURM_WAIT = Duration.ofSeconds(120);
  static final String DATA_PATH = "secret/data/slurm/munge";
  static final String ROLE_ID = "e2e-role-id-slurm-node";
  static EmbeddedCluster cluster;
  static ControllerRuntime runtime;
  static VaultServer vault;
  static String goodKey;

  @BeforeAll
  static void startCluster() throws Exception {
    Path root = Files.createTempDirectory("stratus-vault-e2e-");
    SecureRandom random = new SecureRandom();
    String name = "v2e" + Integer.toHexString(random.nextInt(0x10000));
    cluster = EmbeddedCluster.prepare(EmbeddedSpec.random(root, name, 2, random));
    Path token = root.resolve("keys/vault-controller.token");
    Files.writeString(token, VaultModel.ROOT_TOKEN);
    Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("r--------"));
    int port = freePort();
    String bridge = cluster.spec().bridgeAddress();
    VaultSettings settings =
        new VaultSettings(
            URI.create("http://" + bridge + ":" + port),
            Optional.empty(),
            Duration.ofSeconds(5),
            "secret",
            "slurm/munge",
            "key",
            "approle",
            "slurm-node",
            ROLE_ID,
            token,
            Duration.ofMinutes(5));
    runtime = ControllerRuntime.start(cluster.config().withVault(settings), Clock.systemUTC());
    // The controller's start created the bridge: the Vault model can listen on it now.
    vault = new VaultServer(bridge, port);
    goodKey =
        Base64.getEncoder().encodeToString(Files.readAllBytes(cluster.config().mungeKeyFile()));
    vault.model.role("slurm-node", ROLE_ID, Set.of(DATA_PATH));
    vault.model.put(DATA_PATH, Map.of("key", goodKey));
    cluster.start();
  }

  @AfterAll
  static void tearDown() {
    if (runtime != null) {
      runtime.close();
    }
    if (cluster != null) {
      for (NodeProvider p : ProviderRegistry.create(cluster.config(), Clock.systemUTC()).values()) {
        p.terminate(p.list(cluster.config().cluster()).stream().map(Instance::id).toList());
        assertThat(p.list(cluster.config().cluster())).isEmpty();
        p.close();
      }
      cluster.close();
    }
    if (vault != null) {
      vault.close();
    }
  }

  @Test
  @Order(1)
  void aJobRunsOnANodeWhoseMungeKeyCameFromVaultAndNoCredentialStaysUsable() throws Exception {
    String out = run("srun", "-p", "gpu", "-N1", "--gres=gpu:h100:1", "hostname");

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
    assertNoCredentialInTheNodesFiles();
  }

  @Test
  @Order(2)
  void aNodeGivenTheWrongKeyNeverRegistersAndIsSetDownSayingSo() throws Exception {
    awaitAllSuspended();
    byte[] wrong = new byte[1024];
    new SecureRandom().nextBytes(wrong);
    vault.model.put(DATA_PATH, Map.of("key", Base64.getEncoder().encodeToString(wrong)));
    String job;
    try {
      job = sbatch("-N1", "--gres=gpu:h100:1", "--wrap", "hostname");

      SlurmNode down = awaitDownWith("controller-auth");
      assertThat(down.reason())
          .startsWith("stratus: controller-auth: node " + down.name())
          .contains("slurmctld refused this node's munge credential")
          .contains("munge key");
      assertThat(jobState(job)).isEqualTo("PENDING");
    } finally {
      vault.model.put(DATA_PATH, Map.of("key", goodKey));
    }
    // The node is returned to service after downHold; with the right key the job then runs.
    await()
        .atMost(SLURM_WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> jobState(job).equals("COMPLETED"));
  }

  @Test
  @Order(3)
  void aWrappingTokenSomeoneElseUnwrappedFirstIsRefusedAndTheNodeReported() {
    awaitAllSuspended();
    vault.model.interceptNextWrappingTokens(1);

    String job = sbatch("-N1", "--gres=gpu:h100:1", "--wrap", "hostname");

    SlurmNode down = awaitDownWith("munge-key");
    assertThat(down.reason())
        .contains("wrapping token is not valid or does not exist")
        .contains("already used or has expired");
    await()
        .atMost(SLURM_WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> jobState(job).equals("COMPLETED"));
    awaitAllSuspended();
  }

  void assertNoCredentialInTheNodesFiles() throws Exception {
    List<String> credentials = new ArrayList<>(vault.model.issuedCredentials());
    credentials.add(goodKey);
    List<Path> files;
    try (var walk = Files.walk(cluster.config().stateDir().resolve("providers/local"))) {
      files =
          walk.filter(Files::isRegularFile).filter(p -> !p.toString().contains("/keys/")).toList();
    }
    assertThat(files).anyMatch(p -> p.getFileName().toString().equals("agent.json"));
    for (Path f : files) {
      String text = new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1);
      for (String c : credentials) {
        assertThat(text).as("credential in %s", f).doesNotContain(c);
      }
    }
  }

  static SlurmNode awaitDownWith(String step) {
    return await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () ->
                slurm().nodes().stream()
                    .filter(n -> n.down() && n.reason().startsWith("stratus: " + step + ":"))
                    .findFirst(),
            Optional::isPresent)
        .orElseThrow();
  }

  static void awaitAllSuspended() {
    await()
        .atMost(SLURM_WAIT)
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> slurm().nodes().stream().allMatch(n -> n.poweredDown() && !n.down()));
  }

  static SlurmClient slurm() {
    return new CliSlurmClient(
        cluster.config().slurm().binDir(), cluster.config().slurm().slurmConf());
  }

  static String jobState(String jobId) {
    return slurm().jobs().stream()
        .filter(j -> Long.toString(j.jobId()).equals(jobId))
        .map(SlurmJob::state)
        .findFirst()
        .orElse("UNKNOWN");
  }

  static String sbatch(String... args) {
    List<String> argv =
        new ArrayList<>(
            List.of(
                "sbatch",
                "--parsable",
                "-p",
                "gpu",
                "--output=" + cluster.root().resolve("jobs/%j.out")));
    argv.addAll(List.of(args));
    return run(argv.toArray(String[]::new)).strip();
  }

  static String run(String... argv) {
    Processes.Result r =
        Processes.output(
            List.of(argv),
            cluster.slurmEnv(),
            cluster.root().resolve("log/e2e-commands.log"),
            SLURM_WAIT);
    assertThat(r.exitCode()).as("exit code of %s: %s", List.of(argv), r.stdout()).isZero();
    return r.stdout();
  }

  static int freePort() throws java.io.IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
