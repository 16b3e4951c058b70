package dev.stratus.tests.vault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.bootstrap.secret.KeySourceException;
import java.net.URI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The agent's Vault key source logging in by Vault's OCI auth method: the OCI SDK's instance
 * principal (certificates from the metadata model, a security token from the federation model)
 * signs {@code GET /v1/auth/oci/login/<role>}, the Vault model verifies the signed headers with the
 * token's session key. Failures name the step and quote no token.
 */
class OciLoginTest {
  final CloudLoginFixture f = new CloudLoginFixture();
  final OciPrincipalModel oci = new OciPrincipalModel();
  final ModelServer server = new ModelServer(oci);

  @AfterEach
  void stop() {
    server.close();
    f.close();
  }

  byte[] login(String role, URI metadata) throws Exception {
    f.vault.model.cloudRole("oci", "slurm-node-oci", CloudLoginFixture.DATA_PATH);
    f.vault.model.cloud.trustOci(oci::sessionKey);
    return f.source(
            "\"auth\":\"oci\",\"role\":\""
                + role
                + "\",\"metadataUrl\":\""
                + metadata
                + "\",\"federationEndpoint\":\""
                + server.url()
                + "\"",
            f.clock())
        .fetch();
  }

  @Test
  void theInstancePrincipalSignsTheLoginAndVaultHandsOutTheMungeKey() throws Exception {
    assertThat(login("slurm-node-oci", server.url())).isEqualTo(f.key);

    assertThat(oci.calls())
        .contains("GET /opc/v2/identity/cert.pem", "GET /opc/v2/identity/key.pem", "POST /v1/x509");
    assertThat(f.vault.model.calls())
        .containsSubsequence(
            "POST /v1/auth/oci/login/slurm-node-oci",
            "GET /v1/" + CloudLoginFixture.DATA_PATH,
            "POST /v1/auth/token/revoke-self");
    assertThat(f.vault.model.liveTokens()).isZero();
  }

  @Test
  void aLoginForARoleVaultDoesNotHaveIsRefusedWithoutQuotingTheToken() {
    assertThatThrownBy(() -> login("other-role", server.url()))
        .isInstanceOf(KeySourceException.class)
        .hasMessageContaining("vault oci login failed at " + f.vault.address())
        .satisfies(e -> oci.tokens().forEach(t -> assertThat(e.getMessage()).doesNotContain(t)));
  }

  @Test
  void aSignatureOcisIdentityServiceCannotVerifyIsRefused() {
    f.vault.model.cloud.trustOci(token -> null);

    assertThatThrownBy(
            () -> {
              f.vault.model.cloudRole("oci", "slurm-node-oci", CloudLoginFixture.DATA_PATH);
              f.source(
                      "\"auth\":\"oci\",\"role\":\"slurm-node-oci\",\"metadataUrl\":\""
                          + server.url()
                          + "\",\"federationEndpoint\":\""
                          + server.url()
                          + "\"",
                      f.clock())
                  .fetch();
            })
        .hasMessageContaining("unknown principal")
        .satisfies(e -> oci.tokens().forEach(t -> assertThat(e.getMessage()).doesNotContain(t)));
  }

  @Test
  void aCertificateTheFederationEndpointRefusesStopsTheLoginBeforeVault() {
    oci.refuseFederation();

    assertThatThrownBy(() -> login("slurm-node-oci", server.url()))
        .isInstanceOf(KeySourceException.class)
        .hasMessageStartingWith("oci identity: ")
        .hasMessageContaining("(HTTP 401)");
    assertThat(f.vault.model.calls()).isEmpty();
  }
}
