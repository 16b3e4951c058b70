package dev.stratus.bootstrap;

import dev.stratus.bootstrap.secret.KeySourceException;
import dev.stratus.bootstrap.secret.NodeKeySource;
import dev.stratus.bootstrap.secret.NodeKeySpec;
import dev.stratus.wire.ControllerTrust;
import dev.stratus.wire.KeyFiles;
import dev.stratus.wire.RequestSigner;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.util.Arrays;
import java.util.Optional;
import javax.net.ssl.SSLContext;

/**
 * The agent's {@code node-key} step and what depends on it: the node's signing key fetched from its
 * source, installed 0400 where the watcher reads it (unless it is there already) and handed to the
 * status uploader, which signs every report with it; the key bytes are zeroed after.
 */
final class NodeKeyStep {
  private NodeKeyStep() {}

  static void run(
      NodeKeySource source, AgentSettings settings, Optional<StatusUploader> uploader, Clock clock)
      throws StepFailedException, IOException {
    byte[] key;
    try {
      key = source.fetch();
    } catch (KeySourceException e) {
      throw new StepFailedException(e.getMessage());
    }
    try {
      if (!(settings.nodeKey().orElseThrow() instanceof NodeKeySpec.FileKey)) {
        KeyFiles.write(settings.nodeKeyFile(), key);
      }
      RequestSigner signer = new RequestSigner(settings.nodeName(), key, clock);
      uploader.ifPresent(u -> u.signWith(signer));
    } finally {
      Arrays.fill(key, (byte) 0);
    }
  }

  /** The uploader, trusting {@code controllerCaFile} when set; none when it could sign nothing. */
  static Optional<StatusUploader> uploader(AgentSettings settings, URI url) {
    if (settings.nodeKey().isEmpty()) {
      System.err.println(
          "reportUrl " + url + " is not used: without a nodeKey the controller refuses reports");
      return Optional.empty();
    }
    try {
      Optional<SSLContext> tls =
          settings.controllerCaFile().isPresent()
              ? Optional.of(ControllerTrust.trusting(settings.controllerCaFile().get()))
              : Optional.empty();
      return Optional.of(new StatusUploader(url, settings.nodeName(), tls));
    } catch (IOException e) {
      System.err.println("status reports are not sent: " + e.getMessage());
      return Optional.empty();
    }
  }
}
