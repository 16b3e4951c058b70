package dev.stratus.api.spi;

import java.util.Optional;

/**
 * User-data rendered with {@code bootstrap.vault.auth: approle} carries {@link
 * #WRAPPING_TOKEN_SLOT} where each node's single-use Vault wrapping token goes, and {@link
 * #NODE_KEY_TOKEN_SLOT} for the wrapping token of its signing key. A provider that creates
 * instances one by one fills the slots per node ({@link #fill}); one whose API sends a single
 * user-data for a whole batch (EC2 CreateFleet, GCE bulkInsert) cannot, and refuses such user-data
 * when its settings are read ({@link #refuseSharedSlot}).
 */
public final class NodeUserData {
  /**
   * Rendered into the cloud-init files by {@code stratus config render} (render's CloudInitViews).
   */
  public static final String WRAPPING_TOKEN_SLOT = "@STRATUS_WRAPPING_TOKEN@";

  /**
   * Where the node's own Slurm name goes, for clouds whose nodes cannot read it from a metadata
   * service (Lambda has none): the provider, which launches one instance per node, writes each
   * node's name there ({@link #fillNodeName}).
   */
  public static final String NODE_NAME_SLOT = "@STRATUS_NODE_NAME@";

  /** Where the wrapping token of the node's signing key goes (rendered beside the other slot). */
  public static final String NODE_KEY_TOKEN_SLOT = "@STRATUS_NODE_KEY_TOKEN@";

  private NodeUserData() {}

  /** The user-data with {@link #NODE_NAME_SLOT}, if any, holding {@code nodeName}. */
  public static String fillNodeName(String userData, String nodeName) {
    return userData.replace(NODE_NAME_SLOT, nodeName);
  }

  public static boolean wantsCredential(String userData) {
    return userData.contains(WRAPPING_TOKEN_SLOT) || userData.contains(NODE_KEY_TOKEN_SLOT);
  }

  /**
   * The user-data for one node: the slots, if any, hold the node's own wrapping tokens.
   *
   * @throws IllegalStateException when a slot is there but the launch carries no credential (or no
   *     wrapped signing key) for the node (stratus.yaml has no {@code vault:} block)
   */
  public static String fill(String userData, String nodeName, Optional<NodeCredential> credential) {
    if (!wantsCredential(userData)) {
      return userData;
    }
    NodeCredential c =
        credential.orElseThrow(() -> new IllegalStateException(missingCredential(nodeName)));
    if (userData.contains(NODE_KEY_TOKEN_SLOT) && c.nodeKeyToken().isEmpty()) {
      throw new IllegalStateException(
          "the user-data of node "
              + nodeName
              + " expects the wrapping token of its signing key, but its credential carries none");
    }
    return userData
        .replace(WRAPPING_TOKEN_SLOT, c.wrappingToken())
        .replace(NODE_KEY_TOKEN_SLOT, c.nodeKeyToken());
  }

  public static String missingCredential(String nodeName) {
    return "the user-data of node "
        + nodeName
        + " expects a per-node Vault wrapping token, but the launch carries none (add the vault:"
        + " block to stratus.yaml)";
  }

  /** For providers that send one user-data per batch: refuse the slot with a clear reason. */
  public static void refuseSharedSlot(String setting, String userData, String api) {
    if (wantsCredential(userData)) {
      throw new IllegalArgumentException(
          setting
              + " holds the per-node wrapping-token slot "
              + (userData.contains(WRAPPING_TOKEN_SLOT) ? WRAPPING_TOKEN_SLOT : NODE_KEY_TOKEN_SLOT)
              + ", but "
              + api
              + " sends one user-data to every instance of a launch, so a single-use token"
              + " cannot be per node: render this cloud's user-data with bootstrap.vault.auth:"
              + " cloud (the nodes log in with their cloud identity)");
    }
  }
}
