package dev.stratus.provider.azure;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Resource names derived from the launch, so that a retried PUT names the same VM and is an update
 * of it, never a second VM. The hash covers cluster and client token: two clusters sharing a
 * resource group, or two launches of the same node slot, never collide.
 */
final class AzureNames {
  /** ARM allows 64 characters in a Linux VM name. */
  static final int MAX_VM_NAME = 64;

  private AzureNames() {}

  /** {@code st-<node>-<hash10>}: readable in the portal, unique per (cluster, token, node). */
  static String vmName(String cluster, String nodeName, String clientToken) {
    String node = legal(nodeName);
    if (node.length() > 40) {
      node = node.substring(0, 40);
    }
    return "st-" + node + "-" + hash(cluster + "\n" + clientToken + "\n" + nodeName);
  }

  /** The Linux host name: the Slurm node name, with characters host names cannot carry mapped. */
  static String computerName(String nodeName) {
    String name = nodeName.replaceAll("[^A-Za-z0-9-]", "-");
    return name.length() > 63 ? name.substring(0, 63) : name;
  }

  /** One proximity placement group per multi-node launch: {@code stratus-<cluster>-<hash10>}. */
  static String placementGroupName(String cluster, String clientToken) {
    String c = legal(cluster);
    if (c.length() > 50) {
      c = c.substring(0, 50);
    }
    return "stratus-" + c + "-" + hash(cluster + "\n" + clientToken);
  }

  /** Whether ARM could hold a VM of this name (1-64 of letters, digits, '-', '_', '.'). */
  static boolean isVmName(String s) {
    return s != null && s.matches("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}") && !s.endsWith(".");
  }

  private static String legal(String s) {
    return s.replaceAll("[^A-Za-z0-9_-]", "-");
  }

  private static String hash(String s) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 5);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
