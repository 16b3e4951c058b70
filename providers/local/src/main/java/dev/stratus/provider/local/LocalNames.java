package dev.stratus.provider.local;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Names of what the provider creates. Every network namespace starts with {@link #NETNS_PREFIX} and
 * carries the cluster and node name, so the provider only ever signals or deletes namespaces it
 * made. Host-side veth names are hashed because Linux allows 15 characters.
 */
final class LocalNames {
  static final String NETNS_PREFIX = "st-";
  static final String VETH_PREFIX = "stv";

  private LocalNames() {}

  static String netns(String cluster, String nodeName) {
    return NETNS_PREFIX + cluster + "-" + nodeName;
  }

  static boolean ours(String netns) {
    return netns.startsWith(NETNS_PREFIX);
  }

  /** {@code stv} + 12 hex digits of the namespace name's hash: 15 characters, stable. */
  static String veth(String netns) {
    return VETH_PREFIX + hex(netns).substring(0, 12);
  }

  /**
   * {@code local-} + 8 hex digits from cluster, client token and node name: the same launch request
   * always names the same instances, which is what makes launch idempotent.
   */
  static String instanceId(String cluster, String clientToken, String nodeName) {
    return "local-" + hex(cluster + "\n" + clientToken + "\n" + nodeName).substring(0, 8);
  }

  private static String hex(String s) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(sha.digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 missing from the JDK", e);
    }
  }
}
