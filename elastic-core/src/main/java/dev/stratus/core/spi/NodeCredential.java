package dev.stratus.core.spi;

import static dev.stratus.core.model.Checks.notBlank;

/**
 * The single-use credential one new node bootstraps with: a Vault wrapping token around an AppRole
 * secret-id issued for this node only. {@code accessor} and {@code secretIdAccessor} revoke them
 * without knowing the token. {@link #toString} never shows the token: only the provider that puts
 * it into the node's user-data reads {@link #wrappingToken}.
 */
public record NodeCredential(
    String nodeName, String wrappingToken, String accessor, String secretIdAccessor) {
  public NodeCredential {
    notBlank("nodeName", nodeName);
    notBlank("wrappingToken", wrappingToken);
    notBlank("accessor", accessor);
    secretIdAccessor = secretIdAccessor == null ? "" : secretIdAccessor;
  }

  @Override
  public String toString() {
    return "NodeCredential[node=" + nodeName + ", accessor=" + accessor + ", token=<hidden>]";
  }
}
