package dev.stratus.bootstrap.identity;

import dev.stratus.bootstrap.secret.CloudIdentity;
import dev.stratus.bootstrap.secret.KeySourceException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * A Compute Engine VM's identity for Vault's GCP auth method, {@code gce} role type: the instance
 * identity token of the default service account from the metadata server, {@code GET
 * /computeMetadata/v1/instance/service-accounts/default/identity?audience=vault/<role>&format=full}
 * with {@code Metadata-Flavor: Google}. Vault checks that the audience ends in {@code vault/<role>}
 * and, for gce roles, that the token carries the {@code google.compute_engine} claims, which only
 * {@code format=full} includes.
 */
public final class GceIdentity implements CloudIdentity {
  private static final Pattern JWT =
      Pattern.compile("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");

  private final MetadataClient metadata;

  public GceIdentity(URI metadataUrl, Duration timeout) {
    this.metadata = new MetadataClient("gcp", metadataUrl, timeout);
  }

  @Override
  public String gcpJwt(String role) throws KeySourceException {
    String step = "instance identity token";
    String jwt =
        metadata
            .get(
                step,
                "/computeMetadata/v1/instance/service-accounts/default/identity?audience="
                    + URLEncoder.encode("vault/" + role, StandardCharsets.UTF_8)
                    + "&format=full",
                "Metadata-Flavor",
                "Google",
                "the VM needs a service account")
            .strip();
    if (!JWT.matcher(jwt).matches()) {
      throw metadata.failure(step, "the metadata server did not answer a JWT");
    }
    return jwt;
  }
}
