package dev.stratus.tests.vault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.api.spi.NodeCredential;
import dev.stratus.api.spi.NodeCredentials.CredentialException;
import dev.stratus.api.spi.VaultSettings;
import dev.stratus.bootstrap.secret.CloudIdentity;
import dev.stratus.bootstrap.secret.KeySourceException;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import dev.stratus.bootstrap.secret.VaultLogin;
import dev.stratus.bootstrap.secret.VaultMungeKeySource;
import dev.stratus.daemon.vault.VaultNodeCredentials;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller side of the Vault bootstrap, with the real driver against the Vault model: one
 * wrapped secret-id per node, revocation of unused ones, and the agent's key source consuming what
 * the controller issued.
 */
class VaultNodeCredentialsTest {
  static final String DATA_PATH = "secret/data/slurm/munge";
  static final String ROLE_ID = "role-id-of-slurm-node";
  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;
  VaultServer vault;
  Path tokenFile;
  byte[] key = new byte[1024];

  @BeforeEach
  void start() throws Exception {
    vault = new VaultServer();
    new SecureRandom().nextBytes(key);
    vault.model.role("slurm-node", ROLE_ID, Set.of(DATA_PATH));
    vault.model.put(DATA_PATH, Map.of("key", Base64.getEncoder().encodeToString(key)));
    tokenFile = dir.resolve("controller-token");
    Files.writeString(tokenFile, VaultModel.ROOT_TOKEN + "\n");
  }

  @AfterEach
  void stop() {
    vault.close();
  }

  VaultSettings settings(Duration wrapTtl) {
    return VaultServer.controllerSettings(
        vault.address(), "slurm-node", ROLE_ID, tokenFile, wrapTtl);
  }

  VaultNodeCredentials credentials() {
    return new VaultNodeCredentials(settings(Duration.ofMinutes(5)));
  }

  byte[] agentFetch(NodeCredential c) throws KeySourceException {
    return new VaultMungeKeySource(
            new KeySourceSpec.VaultSource(
                URI.create(vault.address()),
                "secret",
                "slurm/munge",
                "key",
                new VaultLogin.AppRole("approle", ROLE_ID, c.wrappingToken(), null),
                Optional.empty(),
                Duration.ofSeconds(5)),
            CloudIdentity.none())
        .fetch();
  }

  @Test
  void eachNodeGetsItsOwnWrappedSecretIdThatTheAgentTurnsIntoTheKeyOnce() throws Exception {
    Map<String, NodeCredential> issued =
        credentials().issue(List.of("gpu-001", "gpu-002"), "st-token-1");

    assertThat(issued).containsOnlyKeys("gpu-001", "gpu-002");
    assertThat(issued.get("gpu-001").wrappingToken())
        .isNotEqualTo(issued.get("gpu-002").wrappingToken());
    assertThat(vault.model.calls())
        .containsExactly(
            "POST /v1/auth/approle/role/slurm-node/secret-id",
            "POST /v1/auth/approle/role/slurm-node/secret-id");
    assertThat(vault.model.secretIdMetadata())
        .containsExactly("{\"node\":\"gpu-001\"}", "{\"node\":\"gpu-002\"}");
    assertThat(agentFetch(issued.get("gpu-001"))).isEqualTo(key);
    assertThatThrownBy(() -> agentFetch(issued.get("gpu-001")))
        .hasMessageContaining("wrapping token is not valid or does not exist");
    assertThat(agentFetch(issued.get("gpu-002"))).isEqualTo(key);
  }

  @Test
  void theWrappingTokenExpiresAfterWrapTtl() throws Exception {
    NodeCredential c =
        new VaultNodeCredentials(settings(Duration.ofSeconds(90)))
            .issue(List.of("gpu-001"), "st-token-1")
            .get("gpu-001");

    vault.model.advance(Duration.ofSeconds(91));

    assertThatThrownBy(() -> agentFetch(c))
        .hasMessageContaining("wrapping token is not valid or does not exist");
  }

  @Test
  void theSecretIdIsAskedForWithOneUseAndTheWrapTtl() throws Exception {
    new VaultNodeCredentials(settings(Duration.ofSeconds(90)))
        .issue(List.of("gpu-001"), "st-token-1");

    assertThat(vault.model.secretIdRequests())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.path("num_uses").asInt()).isEqualTo(1);
              assertThat(r.path("ttl").asInt()).isEqualTo(90);
            });
  }

  @Test
  void aSecretIdTheControllerIssuedLogsInOnceEvenWhenTheRoleAllowsUnlimitedUses() throws Exception {
    vault.model.role("slurm-node", ROLE_ID, Set.of(DATA_PATH), 0, Duration.ZERO);
    NodeCredential c = credentials().issue(List.of("gpu-001"), "st-token-1").get("gpu-001");
    JsonNode secretId = unwrap(c);

    assertThat(appRoleLogin(secretId)).isEqualTo(200);
    assertThat(appRoleLogin(secretId)).isEqualTo(400);
  }

  @Test
  void aSecretIdTheControllerIssuedExpiresAfterTheWrapTtlEvenWhenTheRoleAllowsLonger()
      throws Exception {
    vault.model.role("slurm-node", ROLE_ID, Set.of(DATA_PATH), 0, Duration.ofHours(24));
    NodeCredential c =
        new VaultNodeCredentials(settings(Duration.ofSeconds(90)))
            .issue(List.of("gpu-001"), "st-token-1")
            .get("gpu-001");
    JsonNode secretId = unwrap(c);

    vault.model.advance(Duration.ofSeconds(90));

    assertThat(appRoleLogin(secretId)).isEqualTo(400);
  }

  @Test
  void vaultRefusesATtlLongerThanTheRolesAndTheControllerSaysWhy() {
    vault.model.role("slurm-node", ROLE_ID, Set.of(DATA_PATH), 1, Duration.ofSeconds(60));

    assertThatThrownBy(() -> credentials().issue(List.of("gpu-001"), "st-token-1"))
        .isInstanceOfSatisfying(
            CredentialException.class, e -> assertThat(e.transientFailure()).isFalse())
        .hasMessageContaining("ttl cannot be longer than the role's secret_id_ttl");
  }

  /** What the node does first: unwrap its token into the secret-id (role_id, secret_id). */
  JsonNode unwrap(NodeCredential c) throws Exception {
    return post("/v1/sys/wrapping/unwrap", c.wrappingToken(), "{}").path("data");
  }

  int appRoleLogin(JsonNode secretId) throws Exception {
    String body =
        JSON.createObjectNode()
            .put("role_id", ROLE_ID)
            .put("secret_id", secretId.path("secret_id").asText())
            .toString();
    return status("/v1/auth/approle/login", null, body);
  }

  JsonNode post(String path, String token, String body) throws Exception {
    return JSON.readTree(send(path, token, body).body());
  }

  int status(String path, String token, String body) throws Exception {
    return send(path, token, body).statusCode();
  }

  HttpResponse<String> send(String path, String token, String body) throws Exception {
    var request =
        HttpRequest.newBuilder(URI.create(vault.address() + path))
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      request.header("X-Vault-Token", token);
    }
    return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void revokingSpendsTheWrappingTokenAndDestroysTheSecretIdBehindIt() throws Exception {
    VaultNodeCredentials credentials = credentials();
    NodeCredential c = credentials.issue(List.of("gpu-001"), "st-token-1").get("gpu-001");
    assertThat(vault.model.liveWrappingTokens()).isEqualTo(1);
    assertThat(vault.model.liveSecretIds()).isEqualTo(1);

    credentials.revoke(c);

    assertThat(vault.model.liveWrappingTokens()).isZero();
    assertThat(vault.model.liveSecretIds()).isZero();
    assertThatThrownBy(() -> agentFetch(c))
        .hasMessageContaining("wrapping token is not valid or does not exist");
  }

  @Test
  void revokingACredentialTheNodeAlreadySpentIsNotAnError() throws Exception {
    VaultNodeCredentials credentials = credentials();
    NodeCredential c = credentials.issue(List.of("gpu-001"), "st-token-1").get("gpu-001");
    agentFetch(c);
    int callsBefore = vault.model.calls().size();

    credentials.revoke(c); // Vault answers 400 "invalid accessor" for the spent wrapping token

    assertThat(vault.model.calls().subList(callsBefore, vault.model.calls().size()))
        .containsExactly(
            "POST /v1/auth/token/revoke-accessor",
            "POST /v1/auth/approle/role/slurm-node/secret-id-accessor/destroy");
    assertThat(vault.model.liveSecretIds()).isZero();
  }

  @Test
  void aSealedVaultIsATransientFailureAndLeavesNothingIssued() {
    vault.model.seal(true);

    assertThatThrownBy(() -> credentials().issue(List.of("gpu-001"), "st-token-1"))
        .isInstanceOfSatisfying(
            CredentialException.class, e -> assertThat(e.transientFailure()).isTrue())
        .hasMessageContaining("HTTP 503")
        .hasMessageContaining("Vault is sealed");
  }

  @Test
  void aControllerTokenVaultRefusesFailsForGoodAndNeverShowsTheToken() throws Exception {
    Files.writeString(tokenFile, "hvs.not-the-controllers-token");

    assertThatThrownBy(() -> credentials().issue(List.of("gpu-001"), "st-token-1"))
        .isInstanceOfSatisfying(
            CredentialException.class, e -> assertThat(e.transientFailure()).isFalse())
        .hasMessageContaining("HTTP 403 permission denied")
        .hasMessageContaining("auth/approle/role/slurm-node/secret-id")
        .hasMessageNotContaining("hvs.not-the-controllers-token");
  }

  @Test
  void aMissingControllerTokenFileIsNamed() throws Exception {
    Files.delete(tokenFile);

    assertThatThrownBy(() -> credentials().issue(List.of("gpu-001"), "st-token-1"))
        .isInstanceOf(CredentialException.class)
        .hasMessageContaining("controllerTokenFile " + tokenFile)
        .hasMessageContaining("NoSuchFileException");
    assertThat(vault.model.calls()).isEmpty();
  }

  @Test
  void whenOneNodesSecretIdCannotBeIssuedThoseAlreadyIssuedAreRevoked() {
    vault.model.rateLimitSecretIds(1); // Vault's rate-limit quota: the second request gets 429

    assertThatThrownBy(() -> credentials().issue(List.of("gpu-001", "gpu-002"), "st-token-1"))
        .isInstanceOfSatisfying(
            CredentialException.class, e -> assertThat(e.transientFailure()).isTrue())
        .hasMessageContaining("HTTP 429");
    assertThat(vault.model.liveWrappingTokens()).isZero();
    assertThat(vault.model.liveSecretIds()).isZero();
    assertThat(vault.model.calls())
        .contains(
            "POST /v1/auth/token/revoke-accessor",
            "POST /v1/auth/approle/role/slurm-node/secret-id-accessor/destroy");
  }

  @Test
  void theCredentialsToStringShowsNoToken() throws Exception {
    NodeCredential c = credentials().issue(List.of("gpu-001"), "st-token-1").get("gpu-001");

    assertThat(c.toString()).doesNotContain(c.wrappingToken()).contains("gpu-001");
  }
}
