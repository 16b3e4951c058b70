package dev.stratus.api.spi;

import static dev.stratus.api.model.Checks.notBlank;

/**
 * The single-use credentials one new node bootstraps with: a Vault wrapping token around an AppRole
 * secret-id issued for this node only, and a second wrapping token around the node's signing key
 * ({@code nodeKeyToken}; empty where the controller signs nothing). {@code accessor}, {@code
 * secretIdAccessor} and {@code nodeKeyAccessor} revoke them without knowing the tokens. {@link
 * #toString} never shows a token: only the provider that puts them into the node's user-data reads
 * {@link #wrappingToken} and {@link #nodeKeyToken}.
 */
public record NodeCredential(
    String nodeName,
    String wrappingToken,
    String accessor,
    String secretIdAccessor,
    String nodeKeyToken,
    String nodeKeyAccessor) {
  public NodeCredential {
    notBlank("nodeName", nodeName);
    notBlank("wrappingToken", wrappingToken);
    notBlank("accessor", accessor);
    secretIdAccessor = secretIdAccessor == null ? "" : secretIdAccessor;
    nodeKeyToken = nodeKeyToken == null ? "" : nodeKeyToken;
    nodeKeyAccessor = nodeKeyAccessor == null ? "" : nodeKeyAccessor;
    if (nodeKeyToken.isEmpty() != nodeKeyAccessor.isEmpty()) {
      throw new IllegalArgumentException(
          "nodeKeyToken and nodeKeyAccessor come together, or neither is set");
    }
  }

  /** Credentials without a wrapped signing key. */
  public NodeCredential(
      String nodeName, String wrappingToken, String accessor, String secretIdAccessor) {
    this(nodeName, wrappingToken, accessor, secretIdAccessor, "", "");
  }

  @Override
  public String toString() {
    return "NodeCredential[node="
        + nodeName
        + ", accessor="
        + accessor
        + ", token=<hidden>"
        + (nodeKeyToken.isEmpty() ? "" : ", nodeKeyToken=<hidden>")
        + "]";
  }
}
