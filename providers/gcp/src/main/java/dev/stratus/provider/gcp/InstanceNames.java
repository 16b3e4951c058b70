package dev.stratus.provider.gcp;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names and ids of our instances. {@code bulkInsert} gives every instance the same labels, so the
 * node an instance serves is carried by its name: {@code <node>-<6 hex of the client token's
 * hash>}; the suffix keeps names unique when a node is relaunched while its old instance is still
 * being deleted. Our instance id is {@code <zone>/<name>}: enough to get or delete it without a
 * search.
 */
final class InstanceNames {
  private static final Pattern NODE = Pattern.compile("[a-z]([-a-z0-9]{0,54}[a-z0-9])?");
  private static final Pattern NAME = Pattern.compile("([a-z][-a-z0-9]*)-[0-9a-f]{6}");
  private static final Pattern ID =
      Pattern.compile("([a-z]+-[a-z]+[0-9]+-[a-z])/([a-z][-a-z0-9]{0,62})");

  private InstanceNames() {}

  /** A node name Compute Engine accepts inside an instance name, else why not. */
  static Optional<String> problem(String node) {
    return NODE.matcher(node).matches()
        ? Optional.empty()
        : Optional.of(
            "node name '"
                + node
                + "' cannot name a Compute Engine instance (lower-case letters, digits and '-',"
                + " at most 56 characters, no '_')");
  }

  static String instanceName(String node, String clientToken) {
    return node + "-" + hex(sha256(clientToken)).substring(0, 6);
  }

  static Optional<String> nodeOf(String instanceName) {
    Matcher m = NAME.matcher(instanceName);
    return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
  }

  static String id(String zone, String name) {
    return zone + "/" + name;
  }

  /** {@code [zone, name]} of one of our ids; empty for anything else (it cannot be ours). */
  static Optional<String[]> parseId(String id) {
    Matcher m = ID.matcher(id);
    return m.matches() ? Optional.of(new String[] {m.group(1), m.group(2)}) : Optional.empty();
  }

  /** The API's idempotency key: a name-based UUID, the same for the same token and purpose. */
  static String requestId(String clientToken, String purpose) {
    return UUID.nameUUIDFromBytes((purpose + "|" + clientToken).getBytes(StandardCharsets.UTF_8))
        .toString();
  }

  static final String POLICY_PREFIX = "stratus-pp-";

  /** A compact placement policy's name, one per launch. */
  static String policyName(String clientToken) {
    return POLICY_PREFIX + hex(sha256(clientToken)).substring(0, 16);
  }

  private static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is always present in the JDK", e);
    }
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }
}
