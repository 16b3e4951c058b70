package dev.stratus.bootstrap.secret;

import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * The identity material a cloud gives a VM, for Vault's cloud auth methods. Each method returns
 * short-lived, signed material that proves which machine asks; none of it is a long-lived secret,
 * but it is still never logged. Each method fails unless implemented: a VM has one cloud's identity
 * ({@code dev.stratus.bootstrap.identity}); {@link #none()} has none, for AppRole and file nodes.
 */
public interface CloudIdentity {
  /** A signed {@code sts:GetCallerIdentity} request (AWS IAM auth). */
  default AwsIamRequest awsIam(String serverIdHeader) throws KeySourceException {
    throw missing("AWS IAM");
  }

  /** A Google-signed JWT whose audience is {@code vault/<role>} (GCP auth). */
  default String gcpJwt(String role) throws KeySourceException {
    throw missing("GCP");
  }

  /** A managed-identity access token for {@code resource} plus the VM's identity (Azure auth). */
  default AzureIdentity azure(String resource) throws KeySourceException {
    throw missing("Azure");
  }

  /**
   * The headers of {@code GET <vault>/v1/auth/<mount>/login/<role>} signed by the instance
   * principal, as Vault's OCI auth method takes them in {@code request_headers} (lower-case names
   * to lists of values, {@code host} and {@code (request-target)} included).
   */
  default Map<String, List<String>> ociSignedHeaders(URI vault, String path)
      throws KeySourceException {
    throw missing("OCI");
  }

  /**
   * The pieces of a SigV4-signed STS request, as Vault's {@code auth/aws/login} takes them.
   *
   * @param headersJson the signed request's headers as JSON ({@code {"Name":["value"]}})
   */
  record AwsIamRequest(String method, String url, String body, String headersJson) {
    public AwsIamRequest {
      if (!"POST".equals(method)) {
        throw new IllegalArgumentException("the STS request must be a POST, got " + method);
      }
      if (url == null || body == null || headersJson == null) {
        throw new IllegalArgumentException("url, body and headersJson must be set");
      }
    }

    @Override
    public String toString() {
      return "AwsIamRequest[" + method + " " + url + "]";
    }
  }

  /**
   * What {@code auth/azure/login} needs besides the role.
   *
   * @param vmssName the scale set's name for a VM in one ({@code vmss_name}, which Vault then looks
   *     up instead of {@code vm_name}); empty otherwise
   */
  record AzureIdentity(
      String jwt, String subscriptionId, String resourceGroupName, String vmName, String vmssName) {
    public AzureIdentity {
      if (jwt == null || subscriptionId == null || resourceGroupName == null || vmName == null) {
        throw new IllegalArgumentException(
            "jwt, subscriptionId, resourceGroupName and vmName must be set");
      }
      vmssName = vmssName == null ? "" : vmssName;
    }

    @Override
    public String toString() {
      return "AzureIdentity[" + subscriptionId + "/" + resourceGroupName + "/" + vmName + "]";
    }
  }

  /** No cloud identity here: every method fails, naming what is missing. */
  static CloudIdentity none() {
    return new CloudIdentity() {};
  }

  private static KeySourceException missing(String cloud) {
    return new KeySourceException(
        "vault login: no " + cloud + " identity provider is available to this agent");
  }
}
