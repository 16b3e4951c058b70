package dev.stratus.tests.vault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Base64;

/**
 * RS256 JWTs (RFC 7515 compact form) as Google's and Microsoft's token services issue them, signed
 * with a key made per test: the metadata models sign, the Vault model verifies with the public key,
 * as the real auth methods verify against the issuer's published keys.
 */
final class TestJwt {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

  private final KeyPair keys;

  TestJwt() {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
      g.initialize(2048);
      keys = g.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  PublicKey publicKey() {
    return keys.getPublic();
  }

  String sign(JsonNode claims) {
    String head =
        B64.encodeToString(
                "{\"alg\":\"RS256\",\"typ\":\"JWT\",\"kid\":\"test\"}"
                    .getBytes(StandardCharsets.UTF_8))
            + "."
            + B64.encodeToString(claims.toString().getBytes(StandardCharsets.UTF_8));
    try {
      Signature s = Signature.getInstance("SHA256withRSA");
      s.initSign(keys.getPrivate());
      s.update(head.getBytes(StandardCharsets.UTF_8));
      return head + "." + B64.encodeToString(s.sign());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The claims of a JWT signed by {@code key}, or {@code null} when it is not one. */
  static JsonNode verify(String jwt, PublicKey key) {
    String[] parts = jwt == null ? new String[0] : jwt.split("\\.");
    if (parts.length != 3 || key == null) {
      return null;
    }
    try {
      Signature s = Signature.getInstance("SHA256withRSA");
      s.initVerify(key);
      s.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.UTF_8));
      if (!s.verify(Base64.getUrlDecoder().decode(parts[2]))) {
        return null;
      }
      return JSON.readTree(Base64.getUrlDecoder().decode(parts[1]));
    } catch (GeneralSecurityException | IllegalArgumentException | IOException e) {
      return null;
    }
  }
}
