package dev.stratus.bootstrap.secret;

import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How the node proves who it is to Vault. Every variant's {@code toString} leaves credentials out.
 */
public sealed interface VaultLogin {
  Pattern MOUNT = Pattern.compile("[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*");

  /** The auth method's mount, e.g. {@code approle} for {@code auth/approle/login}. */
  String mount();

  /**
   * AppRole with a response-wrapped, single-use, short-TTL secret-id: the node holds only the
   * wrapping token (inline, or in a file the agent deletes after reading it), unwraps it once and
   * logs in with {@code roleId} + the secret-id. Exactly one of {@code wrappingToken} and {@code
   * wrappingTokenFile} is set.
   */
  record AppRole(String mount, String roleId, String wrappingToken, Path wrappingTokenFile)
      implements VaultLogin {
    public AppRole {
      checkMount(mount);
      if (roleId == null || roleId.isBlank()) {
        throw new IllegalArgumentException("mungeKeySource.roleId must be set for auth approle");
      }
      boolean inline = wrappingToken != null && !wrappingToken.isBlank();
      if (inline == (wrappingTokenFile != null)) {
        throw new IllegalArgumentException(
            "mungeKeySource needs exactly one of wrappingToken and wrappingTokenFile for auth"
                + " approle");
      }
      if (wrappingTokenFile != null && !wrappingTokenFile.isAbsolute()) {
        throw new IllegalArgumentException(
            "mungeKeySource.wrappingTokenFile must be an absolute path, got '"
                + wrappingTokenFile
                + "'");
      }
    }

    @Override
    public String toString() {
      return "AppRole[mount="
          + mount
          + ", wrappingToken="
          + (wrappingTokenFile == null ? "(inline, hidden)" : wrappingTokenFile)
          + "]";
    }
  }

  /**
   * The metadata service a cloud login asks for the VM's identity: the cloud's link-local address
   * unless the settings name another ({@code metadataUrl}, e.g. a test model on 127.0.0.1).
   */
  sealed interface CloudLogin extends VaultLogin {
    URI metadataUrl();
  }

  /** Vault's AWS auth method, IAM type: a signed {@code sts:GetCallerIdentity} request. */
  record AwsIam(String mount, String role, String serverIdHeader, URI metadataUrl)
      implements CloudLogin {
    public static final URI IMDS = URI.create("http://169.254.169.254");

    public AwsIam {
      checkMount(mount);
      checkRole(role);
      serverIdHeader = serverIdHeader == null ? "" : serverIdHeader;
      metadataUrl = checkUrl(metadataUrl, IMDS);
    }

    public AwsIam(String mount, String role, String serverIdHeader) {
      this(mount, role, serverIdHeader, null);
    }
  }

  /** Vault's GCP auth method, {@code gce} type: an instance identity JWT signed by Google. */
  record Gcp(String mount, String role, URI metadataUrl) implements CloudLogin {
    public static final URI METADATA = URI.create("http://metadata.google.internal");

    public Gcp {
      checkMount(mount);
      checkRole(role);
      metadataUrl = checkUrl(metadataUrl, METADATA);
    }

    public Gcp(String mount, String role) {
      this(mount, role, null);
    }
  }

  /** Vault's Azure auth method: a managed-identity JWT plus the VM's identity. */
  record Azure(String mount, String role, String resource, URI metadataUrl) implements CloudLogin {
    public static final URI IMDS = URI.create("http://169.254.169.254");

    public Azure {
      checkMount(mount);
      checkRole(role);
      if (resource == null || resource.isBlank()) {
        resource = "https://management.azure.com/";
      }
      metadataUrl = checkUrl(metadataUrl, IMDS);
    }

    public Azure(String mount, String role, String resource) {
      this(mount, role, resource, null);
    }
  }

  /**
   * Vault's OCI auth method ({@code auth/<mount>/login/<role>}): the instance principal signs
   * {@code GET /v1/auth/<mount>/login/<role>} and Vault has OCI's identity service check the signed
   * headers. {@code federationEndpoint} is OCI's auth service; {@code null} lets the SDK derive it
   * from the instance's region (tests point it at a model).
   */
  record Oci(String mount, String role, URI metadataUrl, URI federationEndpoint)
      implements CloudLogin {
    public static final URI IMDS = URI.create("http://169.254.169.254");

    public Oci {
      checkMount(mount);
      checkRole(role);
      if (!role.equals(role.toLowerCase(Locale.ROOT))) {
        throw new IllegalArgumentException(
            "mungeKeySource.role must be lower case for auth oci (Vault's OCI roles are), got '"
                + role
                + "'");
      }
      metadataUrl = checkUrl(metadataUrl, IMDS);
      if (federationEndpoint != null) {
        federationEndpoint =
            checkUrl(federationEndpoint, URI.create("https://auth.us-ashburn-1.oraclecloud.com"));
      }
    }

    public Oci(String mount, String role) {
      this(mount, role, null, null);
    }
  }

  /** {@code null} = the default; else an http(s) URL with a host and no path. */
  private static URI checkUrl(URI url, URI fallback) {
    if (url == null) {
      return fallback;
    }
    String path = url.getRawPath();
    if (!("http".equals(url.getScheme()) || "https".equals(url.getScheme()))
        || url.getHost() == null
        || (path != null && !path.isEmpty() && !path.equals("/"))
        || url.getRawQuery() != null) {
      throw new IllegalArgumentException(
          "mungeKeySource.metadataUrl must be an http(s) URL without a path like "
              + fallback
              + ", got '"
              + url
              + "'");
    }
    String s = url.toString();
    return s.endsWith("/") ? URI.create(s.substring(0, s.length() - 1)) : url;
  }

  private static void checkMount(String mount) {
    if (mount == null || !MOUNT.matcher(mount).matches()) {
      throw new IllegalArgumentException(
          "mungeKeySource.authMount must be a path like approle, got '" + mount + "'");
    }
  }

  private static void checkRole(String role) {
    if (role == null || role.isBlank()) {
      throw new IllegalArgumentException("mungeKeySource.role must be set");
    }
  }
}
