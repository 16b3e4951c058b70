package dev.stratus.tests.vault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.bootstrap.secret.CloudIdentity;
import dev.stratus.bootstrap.secret.KeySourceException;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import dev.stratus.bootstrap.secret.VaultLogin;
import dev.stratus.bootstrap.secret.VaultMungeKeySource;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent's Vault key source, with the real jopenlibs driver, against the Vault model. */
class VaultKeySourceTest {
  static final String DATA_PATH = "secret/data/slurm/munge";
  static final String ROLE_ID = "9b1a3c0e-role-id-of-slurm-node";

  VaultServer vault;
  byte[] key = new byte[1024];

  @BeforeEach
  void start() {
    vault = new VaultServer();
    new SecureRandom().nextBytes(key);
    vault.model.role("slurm-node", ROLE_ID, Set.of(DATA_PATH));
    vault.model.role("no-read", "role-id-without-policy", Set.of());
    vault.model.put(DATA_PATH, Map.of("key", Base64.getEncoder().encodeToString(key)));
  }

  @AfterEach
  void stop() {
    vault.close();
  }

  VaultMungeKeySource source(VaultLogin login) {
    return new VaultMungeKeySource(
        new KeySourceSpec.VaultSource(
            URI.create(vault.address()),
            "secret",
            "slurm/munge",
            "key",
            login,
            Optional.empty(),
            Duration.ofSeconds(5)),
        CloudIdentity.none());
  }

  VaultMungeKeySource appRole(String wrappingToken) {
    return source(new VaultLogin.AppRole("approle", ROLE_ID, wrappingToken, null));
  }

  @Test
  void unwrapsLogsInReadsTheKeyAndRevokesItsToken() throws Exception {
    byte[] got = appRole(vault.wrappedSecretId("slurm-node", 300)).fetch();

    assertThat(got).isEqualTo(key);
    assertThat(vault.model.calls())
        .containsSubsequence(
            "POST /v1/sys/wrapping/unwrap",
            "POST /v1/auth/approle/login",
            "GET /v1/" + DATA_PATH,
            "POST /v1/auth/token/revoke-self");
    assertThat(vault.model.revoked()).hasSize(1);
    assertThat(vault.model.liveTokens()).isZero();
  }

  @Test
  void aReplayedWrappingTokenIsRefusedOnceAndNotRetried() throws Exception {
    String wrap = vault.wrappedSecretId("slurm-node", 300);
    appRole(wrap).fetch();
    int callsBefore = vault.model.calls().size();

    assertThatThrownBy(() -> appRole(wrap).fetch())
        .isInstanceOf(KeySourceException.class)
        .hasMessageContaining("vault unwrap failed")
        .hasMessageContaining("wrapping token is not valid or does not exist (HTTP 400)")
        .hasMessageContaining("already used or has expired")
        .hasMessageNotContaining(wrap);
    assertThat(vault.model.calls().subList(callsBefore, vault.model.calls().size()))
        .containsExactly("POST /v1/sys/wrapping/unwrap");
  }

  @Test
  void anExpiredWrappingTokenIsRefused() throws Exception {
    String wrap = vault.wrappedSecretId("slurm-node", 60);
    vault.model.advance(Duration.ofSeconds(61));

    assertThatThrownBy(() -> appRole(wrap).fetch())
        .hasMessageContaining("wrapping token is not valid or does not exist")
        .hasMessageContaining("the controller must issue a new one");
  }

  @Test
  void aPolicyWithoutReadIsPermissionDeniedAndTheTokenIsStillRevoked() throws Exception {
    String wrap = vault.wrappedSecretId("no-read", 300);
    VaultMungeKeySource src =
        source(new VaultLogin.AppRole("approle", "role-id-without-policy", wrap, null));

    assertThatThrownBy(src::fetch)
        .hasMessage(
            "vault read "
                + DATA_PATH
                + " failed at "
                + vault.address()
                + ": permission denied (HTTP 403); the role's policy must allow read on "
                + DATA_PATH);
    assertThat(vault.model.revoked()).hasSize(1);
  }

  @Test
  void aSealedVaultIsReportedAtTheFirstStep() throws Exception {
    String wrap = vault.wrappedSecretId("slurm-node", 300);
    vault.model.seal(true);

    assertThatThrownBy(() -> appRole(wrap).fetch())
        .hasMessageContaining("vault unwrap failed")
        .hasMessageContaining("Vault is sealed (HTTP 503)");
  }

  @Test
  void aFieldThatIsNotBase64IsRefusedWithoutQuotingIt() throws Exception {
    vault.model.put(DATA_PATH, Map.of("key", "this-is-*not*-base64%%"));

    assertThatThrownBy(() -> appRole(vault.wrappedSecretId("slurm-node", 300)).fetch())
        .hasMessage("vault read " + DATA_PATH + ": field 'key' is not valid base64 (RFC 4648)");
    assertThat(vault.model.liveTokens()).isZero();
  }

  @Test
  void aMissingFieldAndATooShortKeyAreNamed() throws Exception {
    vault.model.put(DATA_PATH, Map.of("other", "x"));
    assertThatThrownBy(() -> appRole(vault.wrappedSecretId("slurm-node", 300)).fetch())
        .hasMessageContaining("the secret has no field 'key' (fields: [other])");

    vault.model.put(DATA_PATH, Map.of("key", Base64.getEncoder().encodeToString(new byte[16])));
    assertThatThrownBy(() -> appRole(vault.wrappedSecretId("slurm-node", 300)).fetch())
        .hasMessageContaining("decodes to 16 bytes, munged needs >= 32");
  }

  @Test
  void theWrappingTokenFileIsGoneAfterTheFetch(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("wrap");
    Files.writeString(file, vault.wrappedSecretId("slurm-node", 300));

    byte[] got = source(new VaultLogin.AppRole("approle", ROLE_ID, null, file)).fetch();

    assertThat(got).isEqualTo(key);
    assertThat(file).doesNotExist();
  }
}
