package dev.stratus.wire;

import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.function.Function;

/**
 * Checks a signed request ({@link SignedHeaders}): all four headers well formed, a timestamp within
 * {@code window} of the clock (either way), a key for the signer, the MAC compared in constant
 * time, and a nonce not seen before within the window ({@link NonceMemory}; remembered only once
 * the MAC is right, so unsigned traffic cannot fill the memory). Every refusal says why, without a
 * key or a MAC in the text. Thread-safe.
 */
public final class RequestVerifier {
  /** The window the design settles on: clocks of nodes and controller may differ this much. */
  public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(300);

  /** The outcome: the signer it is proven to come from, or why it is refused. */
  public sealed interface Verdict {
    record Accepted(String signer) implements Verdict {}

    record Refused(String reason) implements Verdict {}
  }

  /** The signer's key, if the signer is known and may sign now (a copy the verifier may keep). */
  @FunctionalInterface
  public interface Keys {
    Optional<byte[]> of(String signer);
  }

  private final Keys keys;
  private final Clock clock;
  private final Duration window;
  private final NonceMemory nonces;

  public RequestVerifier(Keys keys, Clock clock, Duration window, int maxNonces) {
    if (window.isNegative() || window.isZero()) {
      throw new IllegalArgumentException("the replay window must be positive, got " + window);
    }
    this.keys = keys;
    this.clock = clock;
    this.window = window;
    this.nonces = new NonceMemory(maxNonces);
  }

  /**
   * {@code header}: the request's header by name (null when absent); {@code target}: path and query
   * as received; {@code body}: the bytes received (empty for none).
   */
  public Verdict verify(
      String method, String target, byte[] body, Function<String, String> header) {
    String signer = header.apply(SignedHeaders.SIGNER);
    String timestamp = header.apply(SignedHeaders.TIMESTAMP);
    String nonce = header.apply(SignedHeaders.NONCE);
    String signature = header.apply(SignedHeaders.SIGNATURE);
    if (signer == null || timestamp == null || nonce == null || signature == null) {
      return refused("unsigned: the " + SignedHeaders.SIGNER + ", ... headers are missing");
    }
    if (!SignedHeaders.SIGNER_NAME.matcher(signer).matches()) {
      return refused("signer is not a node name or " + SignedHeaders.OPERATOR);
    }
    if (!SignedHeaders.TIMESTAMP_TEXT.matcher(timestamp).matches()
        || !SignedHeaders.NONCE_TEXT.matcher(nonce).matches()
        || !SignedHeaders.SIGNATURE_TEXT.matcher(signature).matches()) {
      return refused("malformed signature headers from " + signer);
    }
    long now = clock.instant().getEpochSecond();
    long at = Long.parseLong(timestamp);
    if (Math.abs(now - at) > window.toSeconds()) {
      return refused(
          "stale timestamp from "
              + signer
              + ": "
              + (now - at)
              + " s off the controller's clock (allowed: "
              + window.toSeconds()
              + " s)");
    }
    Optional<byte[]> key = keys.of(signer);
    if (key.isEmpty()) {
      return refused("no key for signer " + signer + " (no live instance is bound to it)");
    }
    byte[] expected = SignedHeaders.mac(key.get(), method, target, timestamp, nonce, body);
    if (!MessageDigest.isEqual(expected, Base64.getUrlDecoder().decode(signature))) {
      return refused("bad signature from " + signer + " (wrong key, or the request was altered)");
    }
    return switch (nonces.remember(signer + " " + nonce, at + window.toSeconds(), now)) {
      case FRESH -> new Verdict.Accepted(signer);
      case SEEN -> refused("replayed request from " + signer + " (nonce already used)");
      case FULL -> refused("too many recent requests to rule out a replay; try again later");
    };
  }

  private static Verdict refused(String reason) {
    return new Verdict.Refused(reason);
  }
}
