package dev.stratus.daemon;

import dev.stratus.api.spi.NodeKeyIssuer;
import dev.stratus.wire.KeyFiles;
import dev.stratus.wire.NodeKeys;
import dev.stratus.wire.RequestSigner;
import dev.stratus.wire.SignedHeaders;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Optional;

/**
 * The controller's secret ({@code controller.secretFile}: 32 random bytes, mode 0400) and the keys
 * derived from it ({@link NodeKeys}): each node's, for the launch that gives it to the node and for
 * the endpoint that checks what the node signs, and the operator's, for the {@code stratus}
 * commands run on the controller machine. Never logged; {@link #toString} names only the file.
 */
public final class ControllerSecret implements NodeKeyIssuer {
  private final Path file;
  private final byte[] secret;
  private final String cluster;

  private ControllerSecret(Path file, byte[] secret, String cluster) {
    this.file = file;
    this.secret = secret;
    this.cluster = cluster;
  }

  /** Reads the secret, creating it (0400, in a 0700 directory) on the controller's first start. */
  public static ControllerSecret loadOrCreate(Path file, String cluster) throws IOException {
    try {
      return read(file, cluster);
    } catch (NoSuchFileException e) {
      byte[] fresh = new byte[NodeKeys.KEY_BYTES];
      new SecureRandom().nextBytes(fresh);
      KeyFiles.write(file, fresh);
      return new ControllerSecret(file, fresh, cluster);
    }
  }

  /** Reads an existing secret (the operator's commands never create one). */
  public static ControllerSecret read(Path file, String cluster) throws IOException {
    return new ControllerSecret(file, KeyFiles.read(file), cluster);
  }

  @Override
  public Optional<byte[]> keyFor(String nodeName, String clientToken) {
    return Optional.of(NodeKeys.node(secret, cluster, nodeName, clientToken));
  }

  public byte[] operatorKey() {
    return NodeKeys.operator(secret, cluster);
  }

  /** Signs the operator's own requests to the endpoint. */
  public RequestSigner operatorSigner(Clock clock) {
    return new RequestSigner(SignedHeaders.OPERATOR, operatorKey(), clock);
  }

  public String cluster() {
    return cluster;
  }

  @Override
  public String toString() {
    return "ControllerSecret[" + file + "]";
  }
}
