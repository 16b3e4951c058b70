package dev.stratus.provider.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The fixed link-layer address of a local provider's bridge: locally administered, unicast, and the
 * same for the same bridge name on every run, so the gateway the nodes talk to never changes
 * address under them (Linux otherwise gives a bridge the lowest address among its ports).
 */
final class BridgeMac {
  /** {@code addr_assign_type} of an address set by the user (NET_ADDR_SET in if.h). */
  private static final String SET_BY_USER = "3";

  private BridgeMac() {}

  /** {@code 02:xx:xx:xx:xx:xx}, the x's from the SHA-256 of the bridge's name. */
  static String of(String bridge) {
    byte[] digest;
    try {
      digest = MessageDigest.getInstance("SHA-256").digest(bridge.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
    byte[] mac = new byte[6];
    mac[0] = 0x02; // locally administered (bit 1), unicast (bit 0 clear)
    System.arraycopy(digest, 0, mac, 1, 5);
    return HexFormat.ofDelimiter(":").formatHex(mac);
  }

  /** Whether the bridge's address was set explicitly, so that its ports no longer change it. */
  static boolean isFixed(String bridge) {
    Path type = Path.of("/sys/class/net", bridge, "addr_assign_type");
    try {
      return Files.readString(type).trim().equals(SET_BY_USER);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + type, e);
    }
  }
}
