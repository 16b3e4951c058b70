package dev.stratus.api.spi;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Where new nodes read the munge key in Vault and how they log in (stratus.yaml {@code vault:}).
 * Nodes log in with AppRole {@code roleId} and a secret-id the controller issues per node,
 * response-wrapped: the node only ever receives a single-use wrapping token that expires after
 * {@code wrapTtl} (at most 10 minutes). The controller creates secret-ids with its own token, read
 * from {@code controllerTokenFile} at each issue (so a rotated token needs no restart).
 *
 * <p>The KV v2 secret at {@code kvMount/data/kvPath} holds the key base64-encoded in {@code field}.
 * Nothing here is a secret: the role id alone cannot log in. {@code roleName} and {@code roleId}
 * may be empty when no node logs in with AppRole (cloud logins only): the controller then only
 * files the nodes' signing keys in {@code kvMount}.
 */
public record VaultSettings(
    URI address,
    Optional<Path> caCertFile,
    Duration timeout,
    String kvMount,
    String kvPath,
    String field,
    String authMount,
    String roleName,
    String roleId,
    Path controllerTokenFile,
    Duration wrapTtl) {
  public static final Duration MAX_WRAP_TTL = Duration.ofMinutes(10);

  public VaultSettings {
    notNull("vault.address", address);
    if (!("http".equals(address.getScheme()) || "https".equals(address.getScheme()))
        || address.getHost() == null) {
      throw new IllegalArgumentException(
          "vault.address must be an http(s) URL like https://vault:8200, got '" + address + "'");
    }
    caCertFile = caCertFile == null ? Optional.empty() : caCertFile;
    notNull("vault.timeout", timeout);
    if (timeout.toSeconds() < 1) {
      throw new IllegalArgumentException("vault.timeout must be at least 1s, got " + timeout);
    }
    notBlank("vault.kvMount", kvMount);
    notBlank("vault.kvPath", kvPath);
    notBlank("vault.field", field);
    notBlank("vault.authMount", authMount);
    roleName = roleName == null ? "" : roleName;
    roleId = roleId == null ? "" : roleId;
    notNull("vault.controllerTokenFile", controllerTokenFile);
    notNull("vault.wrapTtl", wrapTtl);
    if (wrapTtl.toSeconds() < 1 || wrapTtl.compareTo(MAX_WRAP_TTL) > 0) {
      throw new IllegalArgumentException(
          "vault.wrapTtl must be between 1s and 10m (the wrapping token is a bootstrap"
              + " credential, good for minutes), got "
              + wrapTtl.toSeconds()
              + "s");
    }
  }

  /** The address without a trailing slash. */
  public String baseAddress() {
    String a = address.toString();
    return a.endsWith("/") ? a.substring(0, a.length() - 1) : a;
  }
}
