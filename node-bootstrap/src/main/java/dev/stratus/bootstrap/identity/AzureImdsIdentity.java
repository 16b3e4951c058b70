package dev.stratus.bootstrap.identity;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stratus.bootstrap.secret.CloudIdentity;
import dev.stratus.bootstrap.secret.KeySourceException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * An Azure VM's identity for Vault's Azure auth method, from the Instance Metadata Service (header
 * {@code Metadata: true}): a managed-identity access token for the configured resource ({@code GET
 * /metadata/identity/oauth2/token?api-version=2018-02-01&resource=...}, field {@code access_token})
 * and where the VM is ({@code GET /metadata/instance?api-version=2021-02-01}: {@code
 * compute.subscriptionId}, {@code resourceGroupName}, {@code name}, and {@code vmScaleSetName} for
 * a scale set's VM, which Vault looks up by {@code vmss_name}).
 */
public final class AzureImdsIdentity implements CloudIdentity {
  private final MetadataClient imds;

  public AzureImdsIdentity(URI metadataUrl, Duration timeout) {
    this.imds = new MetadataClient("azure", metadataUrl, timeout);
  }

  @Override
  public AzureIdentity azure(String resource) throws KeySourceException {
    String tokenStep = "managed identity token";
    JsonNode token =
        imds.json(
            tokenStep,
            imds.get(
                tokenStep,
                "/metadata/identity/oauth2/token?api-version=2018-02-01&resource="
                    + URLEncoder.encode(resource, StandardCharsets.UTF_8),
                "Metadata",
                "true",
                "the VM needs a managed identity"));
    String jwt = imds.field(tokenStep, token, "access_token");
    String step = "instance metadata";
    JsonNode compute =
        imds.json(
                step,
                imds.get(step, "/metadata/instance?api-version=2021-02-01", "Metadata", "true", ""))
            .path("compute");
    return new AzureIdentity(
        jwt,
        imds.field(step, compute, "subscriptionId"),
        imds.field(step, compute, "resourceGroupName"),
        imds.field(step, compute, "name"),
        compute.path("vmScaleSetName").asText(""));
  }
}
