package dev.stratus.spot;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.stratus.wire.KeyFiles;
import dev.stratus.wire.NodeKeys;
import dev.stratus.wire.RequestSigner;
import dev.stratus.wire.RequestVerifier;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * The node key the watcher tests sign with, and the controller's check of what a WireMock
 * controller received.
 */
final class Signatures {
  static final byte[] SECRET = new byte[32];
  static final byte[] KEY = NodeKeys.node(SECRET, "c1", "gpu-001", "st-token-1");

  private Signatures() {}

  static RequestSigner signer(Clock clock) {
    return new RequestSigner("gpu-001", KEY, clock);
  }

  /** The key file the agent would have written. */
  static Path keyFile(Path dir) throws IOException {
    Path file = dir.resolve("keys/node.key");
    KeyFiles.write(file, KEY);
    return file;
  }

  /** What the controller says about {@code request}, knowing gpu-001's key only. */
  static RequestVerifier.Verdict verify(LoggedRequest request, Clock clock) {
    RequestVerifier verifier =
        new RequestVerifier(
            signer -> signer.equals("gpu-001") ? Optional.of(KEY) : Optional.empty(),
            clock,
            RequestVerifier.DEFAULT_WINDOW,
            100);
    return verifier.verify(
        request.getMethod().getName(),
        request.getUrl(),
        request.getBody(),
        name -> request.containsHeader(name) ? request.getHeader(name) : null);
  }
}
