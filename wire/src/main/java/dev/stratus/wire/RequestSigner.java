package dev.stratus.wire;

import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Signs requests as one signer ({@link SignedHeaders}): each call gets a fresh nonce and the
 * clock's time. Holds its own copy of the key; {@link #toString} names only the signer.
 */
public final class RequestSigner {
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

  private final String signer;
  private final byte[] key;
  private final Clock clock;
  private final SecureRandom random = new SecureRandom();

  public RequestSigner(String signer, byte[] key, Clock clock) {
    if (signer == null || !SignedHeaders.SIGNER_NAME.matcher(signer).matches()) {
      throw new IllegalArgumentException(
          "signer '" + signer + "' must be a node name or " + SignedHeaders.OPERATOR);
    }
    if (key == null || key.length != NodeKeys.KEY_BYTES) {
      throw new IllegalArgumentException("a signing key is " + NodeKeys.KEY_BYTES + " bytes");
    }
    this.signer = signer;
    this.key = key.clone();
    this.clock = clock;
  }

  public String signer() {
    return signer;
  }

  /**
   * The four headers for {@code method target} with {@code body} (null: none), in a stable order.
   */
  public Map<String, String> headers(String method, String target, byte[] body) {
    byte[] nonceBytes = new byte[18];
    random.nextBytes(nonceBytes);
    String nonce = B64.encodeToString(nonceBytes);
    String timestamp = Long.toString(clock.instant().getEpochSecond());
    String signature =
        B64.encodeToString(SignedHeaders.mac(key, method, target, timestamp, nonce, body));
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put(SignedHeaders.SIGNER, signer);
    headers.put(SignedHeaders.TIMESTAMP, timestamp);
    headers.put(SignedHeaders.NONCE, nonce);
    headers.put(SignedHeaders.SIGNATURE, signature);
    return headers;
  }

  /** What is signed of {@code uri}: its path and query as sent, still percent-encoded. */
  public static String target(URI uri) {
    String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
    return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
  }

  @Override
  public String toString() {
    return "RequestSigner[" + signer + "]";
  }
}
