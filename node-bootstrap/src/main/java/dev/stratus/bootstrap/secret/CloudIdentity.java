package dev.stratus.bootstrap.secret;

/**
 * The identity material a cloud gives a VM, for Vault's cloud auth methods. Each method returns
 * short-lived, signed material that proves which machine asks; none of it is a long-lived secret,
 * but it is still never logged. Tests pass fakes; {@link #none()} refuses every method, for nodes
 * configured with AppRole or a file.
 */
public interface CloudIdentity {
  /** A signed {@code sts:GetCallerIdentity} request (AWS IAM auth). */
  AwsIamRequest awsIam(String serverIdHeader) throws KeySourceException;

  /** A Google-signed JWT whose audience is {@code vault/<role>} (GCP auth). */
  String gcpJwt(String role) throws KeySourceException;

  /** A managed-identity access token for {@code resource} plus the VM's identity (Azure auth). */
  AzureIdentity azure(String resource) throws KeySourceException;

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

  /** What {@code auth/azure/login} needs besides the role. */
  record AzureIdentity(String jwt, String subscriptionId, String resourceGroupName, String vmName) {
    public AzureIdentity {
      if (jwt == null || subscriptionId == null || resourceGroupName == null || vmName == null) {
        throw new IllegalArgumentException(
            "jwt, subscriptionId, resourceGroupName and vmName must be set");
      }
    }

    @Override
    public String toString() {
      return "AzureIdentity[" + subscriptionId + "/" + resourceGroupName + "/" + vmName + "]";
    }
  }

  /** No cloud identity here: every method fails, naming what is missing. */
  static CloudIdentity none() {
    return new CloudIdentity() {
      @Override
      public AwsIamRequest awsIam(String serverIdHeader) throws KeySourceException {
        throw missing("AWS IAM");
      }

      @Override
      public String gcpJwt(String role) throws KeySourceException {
        throw missing("GCP");
      }

      @Override
      public AzureIdentity azure(String resource) throws KeySourceException {
        throw missing("Azure");
      }

      private KeySourceException missing(String cloud) {
        return new KeySourceException(
            "vault login: no " + cloud + " identity provider is available to this agent");
      }
    };
  }
}
