package dev.stratus.wire;

/**
 * The keys nodes and the operator sign their requests with, derived from the controller's secret
 * (32 random bytes that only the controller machine holds). Derivation is stateless, so a restarted
 * controller derives the same keys again:
 *
 * <pre>
 * node key     = HMAC-SHA256(secret, "stratus-node-key\0" + cluster + "\0" + node + "\0" + clientToken)
 * operator key = HMAC-SHA256(secret, "stratus-operator\0" + cluster)
 * </pre>
 *
 * {@code clientToken} is the {@code stratus:token} tag of the node's instance: every launch gets a
 * new one, so a node's key dies with its instance and a key read from an old instance's disk signs
 * nothing for the next one.
 */
public final class NodeKeys {
  /** Every key and the controller's secret are this long. */
  public static final int KEY_BYTES = 32;

  private NodeKeys() {}

  /**
   * Where, under the KV v2 mount, the controller files the key of a node that reads it from Vault
   * after a cloud login: {@code stratus/node-keys/<cluster>/<instance>}, {@code <instance>} being
   * the name the login knows the instance by (a templated policy lets each read its own path only).
   */
  public static String vaultPath(String cluster, String instance) {
    return "stratus/node-keys/" + cluster + "/" + instance;
  }

  public static byte[] node(byte[] secret, String cluster, String node, String clientToken) {
    check(secret);
    return Hmac.sign(
        secret, Hmac.utf8("stratus-node-key\0" + cluster + "\0" + node + "\0" + clientToken));
  }

  public static byte[] operator(byte[] secret, String cluster) {
    check(secret);
    return Hmac.sign(secret, Hmac.utf8("stratus-operator\0" + cluster));
  }

  private static void check(byte[] secret) {
    if (secret == null || secret.length != KEY_BYTES) {
      throw new IllegalArgumentException(
          "the controller secret must be " + KEY_BYTES + " bytes long");
    }
  }
}
