package dev.stratus.bootstrap.secret;

import java.nio.file.Path;
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

  /** Vault's AWS auth method, IAM type: a signed {@code sts:GetCallerIdentity} request. */
  record AwsIam(String mount, String role, String serverIdHeader) implements VaultLogin {
    public AwsIam {
      checkMount(mount);
      checkRole(role);
      serverIdHeader = serverIdHeader == null ? "" : serverIdHeader;
    }
  }

  /** Vault's GCP auth method, {@code iam} or {@code gce} type: a JWT signed by Google. */
  record Gcp(String mount, String role) implements VaultLogin {
    public Gcp {
      checkMount(mount);
      checkRole(role);
    }
  }

  /** Vault's Azure auth method: a managed-identity JWT plus the VM's identity. */
  record Azure(String mount, String role, String resource) implements VaultLogin {
    public Azure {
      checkMount(mount);
      checkRole(role);
      if (resource == null || resource.isBlank()) {
        resource = "https://management.azure.com/";
      }
    }
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
