package dev.stratus.provider.oci;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * Names and idempotency tokens derived from what a launch is (pure). A retry token is at most 64
 * characters (OCI's limit); the same (cluster, client token, node) always gives the same one, so a
 * repeated launch, also from a restarted controller, asks OCI for the instance it already made.
 */
final class OciNames {
  private static final Pattern INSTANCE_OCID =
      Pattern.compile("ocid1\\.instance\\.[a-z0-9]+\\.[a-z0-9-]*\\.[a-z0-9]+");

  private OciNames() {}

  /** The {@code opc-retry-token} of one node's LaunchInstance. */
  static String retryToken(String cluster, String clientToken, String node) {
    return "stratus-" + hash(cluster + "\n" + clientToken + "\n" + node, 40);
  }

  /** The display name of the compute cluster a multi-node launch fills. */
  static String computeCluster(String cluster, String clientToken) {
    return "stratus-" + cluster + "-" + hash(cluster + "\n" + clientToken, 12);
  }

  /** The {@code opc-retry-token} of that compute cluster's CreateComputeCluster. */
  static String computeClusterToken(String cluster, String clientToken) {
    return "stratus-cc-" + hash(cluster + "\n" + clientToken, 40);
  }

  /** Whether {@code id} can be an instance OCID at all (else OCI is not even asked). */
  static boolean isInstanceId(String id) {
    return id != null && INSTANCE_OCID.matcher(id).matches();
  }

  /** The unique tail of an OCID, for switch names in topology.conf. */
  static String tail(String ocid) {
    int dot = ocid.lastIndexOf('.');
    String unique = dot < 0 ? ocid : ocid.substring(dot + 1);
    return unique.length() <= 16 ? unique : unique.substring(unique.length() - 16);
  }

  static String hash(String text, int hexChars) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d).substring(0, hexChars);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
