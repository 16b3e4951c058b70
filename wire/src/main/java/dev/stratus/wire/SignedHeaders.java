package dev.stratus.wire;

import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * How a request to the controller is signed. Four headers: who signs ({@link #SIGNER}: a node's
 * name, or {@link #OPERATOR}), when ({@link #TIMESTAMP}, Unix seconds), a random {@link #NONCE},
 * and {@link #SIGNATURE}: base64url (no padding) of
 *
 * <pre>
 * HMAC-SHA256(key, METHOD + "\n" + target + "\n" + timestamp + "\n" + nonce + "\n" + hex(SHA-256(body)))
 * </pre>
 *
 * where {@code target} is the request's path with its query, as sent ({@code /v1/notices}, {@code
 * /stratus/reclaim?notice=30}), and an empty body hashes as zero bytes.
 */
public final class SignedHeaders {
  public static final String SIGNER = "X-Stratus-Signer";
  public static final String TIMESTAMP = "X-Stratus-Timestamp";
  public static final String NONCE = "X-Stratus-Nonce";
  public static final String SIGNATURE = "X-Stratus-Signature";

  /** The operator's signer name: not a node name (those start with a letter). */
  public static final String OPERATOR = "@operator";

  static final Pattern SIGNER_NAME = Pattern.compile("@operator|[a-z][a-z0-9_-]{0,62}");
  static final Pattern NONCE_TEXT = Pattern.compile("[A-Za-z0-9_-]{16,64}");
  static final Pattern SIGNATURE_TEXT = Pattern.compile("[A-Za-z0-9_-]{43}");
  static final Pattern TIMESTAMP_TEXT = Pattern.compile("[0-9]{1,12}");

  private SignedHeaders() {}

  /** The MAC of one request under {@code key}. */
  static byte[] mac(
      byte[] key, String method, String target, String timestamp, String nonce, byte[] body) {
    String bodyHash = HexFormat.of().formatHex(Hmac.sha256(body == null ? new byte[0] : body));
    return Hmac.sign(
        key, Hmac.utf8(method + "\n" + target + "\n" + timestamp + "\n" + nonce + "\n" + bodyHash));
  }
}
