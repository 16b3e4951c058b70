package dev.stratus.bootstrap.identity;

import dev.stratus.bootstrap.secret.CloudIdentity;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import dev.stratus.bootstrap.secret.VaultLogin;
import java.time.Clock;

/**
 * The cloud identity a Vault login needs: AWS for {@code aws-iam}, GCE for {@code gcp}, Azure IMDS
 * for {@code azure}, the OCI instance principal for {@code oci}, none for AppRole. Each is built
 * only when chosen, so the AWS SDK's classes are never loaded on a node that does not log in by AWS
 * IAM.
 */
public final class CloudIdentities {
  private CloudIdentities() {}

  public static CloudIdentity forSource(KeySourceSpec.VaultSource spec, Clock clock) {
    VaultLogin login = spec.login();
    if (login instanceof VaultLogin.AwsIam a) {
      return new AwsInstanceIdentity(a.metadataUrl(), clock);
    }
    if (login instanceof VaultLogin.Gcp g) {
      return new GceIdentity(g.metadataUrl(), spec.timeout());
    }
    if (login instanceof VaultLogin.Azure az) {
      return new AzureImdsIdentity(az.metadataUrl(), spec.timeout());
    }
    if (login instanceof VaultLogin.Oci oci) {
      return new OciInstanceIdentity(oci.metadataUrl(), oci.federationEndpoint(), spec.timeout());
    }
    return CloudIdentity.none();
  }
}
