package dev.stratus.core.controller;

import dev.stratus.api.model.OfferingKey;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Client tokens are derived, never random: the same request replayed after a crash yields the same
 * token per offering, so the provider returns the first launch's instances instead of new ones.
 */
final class ClientTokens {
  private ClientTokens() {}

  static String of(String cluster, String seed, OfferingKey offering) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] hash =
          sha.digest((cluster + "|" + seed + "|" + offering).getBytes(StandardCharsets.UTF_8));
      return "st-" + HexFormat.of().formatHex(hash, 0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is always present in the JDK", e);
    }
  }
}
