package dev.stratus.provider.lambda;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lambda has no client token, so the instance name carries what makes a launch idempotent and whose
 * an instance is: {@code <node>.<8 hex of the cluster>.<8 hex of the client token>} (at most 64
 * characters, the API's limit). A launch looks for its name before launching; {@code list} picks
 * the cluster's instances by the middle part. Slurm node names hold no '.', so the name splits back
 * unambiguously. Instance ids are 32 lower-case hex digits.
 */
final class LambdaNames {
  static final int MAX_NODE = 64 - 18;
  private static final Pattern NAME =
      Pattern.compile("([a-z0-9_-]{1," + MAX_NODE + "})\\.([0-9a-f]{8})\\.([0-9a-f]{8})");
  private static final Pattern ID = Pattern.compile("[0-9a-f]{32}");

  /** What an instance name says: its node and the hashes of its cluster and token. */
  record Parsed(String node, String clusterHash, String tokenHash) {}

  private LambdaNames() {}

  static String instanceName(String cluster, String clientToken, String node) {
    return node + "." + hash(cluster) + "." + hash(clientToken);
  }

  static Optional<Parsed> parse(String name) {
    if (name == null) {
      return Optional.empty();
    }
    Matcher m = NAME.matcher(name);
    return m.matches()
        ? Optional.of(new Parsed(m.group(1), m.group(2), m.group(3)))
        : Optional.empty();
  }

  static boolean ofCluster(String name, String cluster) {
    return parse(name).map(p -> p.clusterHash().equals(hash(cluster))).orElse(false);
  }

  static boolean isInstanceId(String id) {
    return id != null && ID.matcher(id).matches();
  }

  /** Whether a Slurm node name fits the instance name scheme. */
  static boolean fits(String node) {
    return node.length() <= MAX_NODE && node.matches("[a-z0-9_-]+");
  }

  static String hash(String text) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d).substring(0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
