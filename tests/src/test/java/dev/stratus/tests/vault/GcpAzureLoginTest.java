package dev.stratus.tests.vault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.bootstrap.secret.KeySourceException;
import dev.stratus.testkit.metadata.AzureMetadataModel;
import dev.stratus.testkit.metadata.GceMetadataModel;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The agent's Vault key source logging in by GCP (gce role: the instance identity token, format
 * full) and by Azure (managed identity token plus the VM's ids from IMDS) against the metadata
 * models and the Vault model, which verifies each JWT with the issuer's key; failures name the step
 * and quote no token.
 */
class GcpAzureLoginTest {
  final CloudLoginFixture f = new CloudLoginFixture();
  final GceMetadataModel gce = new GceMetadataModel("stratus-gpu-a-3f9c2e", f.clock());
  final AzureMetadataModel azure = new AzureMetadataModel("stratus-gpu-b-7", f.clock());

  @AfterEach
  void stop() {
    gce.close();
    azure.close();
    f.close();
  }

  byte[] gcp(URI metadata) throws Exception {
    f.vault.model.cloudRole("gcp", "slurm-node-gcp", CloudLoginFixture.DATA_PATH);
    f.vault.model.cloud.trustGoogle(gce.tokenKey());
    return f.source(
            "\"auth\":\"gcp\",\"role\":\"slurm-node-gcp\",\"metadataUrl\":\"" + metadata + "\"",
            f.clock())
        .fetch();
  }

  byte[] azure(String resource) throws Exception {
    f.vault.model.cloudRole("azure", "slurm-node-az", CloudLoginFixture.DATA_PATH);
    f.vault.model.cloud.trustEntra(azure.tokenKey(), "https://vault.stratus.example/");
    return f.source(
            "\"auth\":\"azure\",\"role\":\"slurm-node-az\",\"resource\":\""
                + resource
                + "\",\"metadataUrl\":\""
                + azure.base()
                + "\"",
            f.clock())
        .fetch();
  }

  @Test
  void gcpLoginSendsTheFullInstanceIdentityTokenForVaultSlashRole() throws Exception {
    assertThat(gcp(gce.base())).isEqualTo(f.key);
    assertThat(f.vault.model.calls())
        .containsSubsequence(
            "POST /v1/auth/gcp/login",
            "GET /v1/" + CloudLoginFixture.DATA_PATH,
            "POST /v1/auth/token/revoke-self");
    assertThat(f.vault.model.liveTokens()).isZero();
  }

  @Test
  void gcpWithoutAServiceAccountIsNamed() {
    gce.noServiceAccount();

    assertThatThrownBy(() -> gcp(gce.base()))
        .isInstanceOf(KeySourceException.class)
        .hasMessage(
            "gcp identity: instance identity token failed: "
                + gce.base()
                + GceMetadataModel.IDENTITY
                + " answered HTTP 404; the VM needs a service account");
    assertThat(f.vault.model.calls()).isEmpty();
  }

  @Test
  void gcpMetadataServerDownIsNamed() {
    URI down = gce.base();
    gce.close();

    assertThatThrownBy(() -> gcp(down))
        .hasMessageStartingWith(
            "gcp identity: instance identity token failed: cannot reach " + down);
  }

  @Test
  void azureLoginSendsTheManagedIdentityTokenAndTheVmsIds() throws Exception {
    assertThat(azure("https://vault.stratus.example/")).isEqualTo(f.key);
    assertThat(f.vault.model.calls()).contains("POST /v1/auth/azure/login");
    assertThat(f.vault.model.liveTokens()).isZero();
  }

  @Test
  void azureTokenForAnotherResourceIsRefusedByVaultWithoutQuotingIt() {
    assertThatThrownBy(() -> azure("https://management.azure.com/"))
        .hasMessageContaining("vault azure login failed at " + f.vault.address())
        .hasMessageContaining("expected audience")
        .satisfies(e -> noTokenIn(e, azure.issued()));
  }

  @Test
  void azureVmWithoutAManagedIdentityIsNamedWithImdsWords() {
    azure.noIdentity();

    assertThatThrownBy(() -> azure("https://vault.stratus.example/"))
        .hasMessage(
            "azure identity: managed identity token failed: "
                + azure.base()
                + "/metadata/identity/oauth2/token answered HTTP 400 (Identity not found); the VM"
                + " needs a managed identity");
  }

  static void noTokenIn(Throwable e, List<String> tokens) {
    assertThat(tokens).isNotEmpty();
    tokens.forEach(t -> assertThat(e.getMessage()).doesNotContain(t));
  }
}
