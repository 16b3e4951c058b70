package dev.stratus.testkit.metadata;

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
 * An identity provider's signing key: RS256 JWTs in RFC 7515 compact form, as Google's and
 * Microsoft Entra's token services issue them, with a 2048-bit key made per signer. A verifier (a
 * Vault model, say) checks them with {@link #verify} and {@link #publicKey()}, as a real relying
 * party checks them with the issuer's published keys.
 */
public final class TokenSigner {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
  private final KeyPair keys;

  public TokenSigner() {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
      g.initialize(2048);
      keys = g.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  public PublicKey publicKey() {
    return keys.getPublic();
  }

  /** The signed JWT of these claims (header {@code {"alg":"RS256","typ":"JWT","kid":"test"}}). */
  public String sign(JsonNode claims) {
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

  /** The claims of a JWT that {@code key} signed (RS256), or null when it is not one. */
  public static JsonNode verify(String jwt, PublicKey key) {
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
