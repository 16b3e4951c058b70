package dev.stratus.core.config;

import java.util.regex.Pattern;

/**
 * Where a cloud node reads the munge key (Vault KV v2, stored base64 under {@code field} of {@code
 * kvMount/kvPath}) and how it logs in: {@link Auth#CLOUD}, each cloud's own identity (Vault's
 * {@code aws} IAM, {@code gcp} and {@code azure} auth methods, as {@code role}), or {@link
 * Auth#APPROLE} with {@code roleId} and a single-use wrapping token the controller adds per launch.
 * The role id names a role, it is no credential: without a fresh secret-id it opens nothing.
 *
 * @param caCertFile PEM bundle on the nodes that signs Vault's certificate, or "" for the system's
 * @param awsServerIdHeader the {@code X-Vault-AWS-IAM-Server-ID} the aws method demands, or ""
 * @param azureResource the token audience of the azure method, or "" for the agent's default
 */
public record VaultKey(
    String address,
    String kvMount,
    String kvPath,
    String field,
    Auth auth,
    String role,
    String roleId,
    String caCertFile,
    String awsServerIdHeader,
    String azureResource) {
  static final Pattern ADDRESS = Pattern.compile("https?://[A-Za-z0-9.-]+(:\\d{1,5})?/?");
  static final Pattern KV_PATH =
      Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9_.-]*(/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*");

  /** How nodes prove who they are to Vault. */
  public enum Auth {
    CLOUD,
    APPROLE
  }

  public VaultKey {
    if (auth == Auth.CLOUD && role.isBlank()) {
      throw new IllegalArgumentException(
          "role is required with auth: cloud (the Vault role bound to the nodes' cloud identity)");
    }
    if (auth == Auth.APPROLE && roleId.isBlank()) {
      throw new IllegalArgumentException("roleId is required with auth: approle");
    }
  }

  static void address(String key, String v) {
    NodeBootstrap.match(
        v, ADDRESS, "Vault's http(s) address without a path, e.g. https://vault:8200");
  }

  static void kvPath(String key, String v) {
    NodeBootstrap.match(v, KV_PATH, "a KV path like secret or stratus/munge");
  }
}
