package dev.stratus.provider.local;

import dev.stratus.api.spi.BootstrapSettings;
import dev.stratus.api.spi.NodeCredential;
import dev.stratus.api.spi.NodeKeyIssuer;
import dev.stratus.api.spi.VaultSettings;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import dev.stratus.bootstrap.secret.NodeKeySpec;
import dev.stratus.bootstrap.secret.VaultLogin;
import dev.stratus.wire.KeyFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Optional;

/**
 * A local node's secrets, as a cloud would put them on a new VM: the munge key's source (the host's
 * 0400 file, or Vault with the single-use wrapping token of the node's secret-id in a 0400 file of
 * its own) and the node's signing key (written 0400 into its {@code keys/} directory, or with Vault
 * the wrapping token of it in another 0400 file). The agent reads and shreds the token files;
 * {@link #removeTokens} removes them too if it never got that far, and {@link #forget} the node's
 * keys once it is gone.
 */
final class NodeSecrets {
  private static final String WRAPPING_TOKEN = "wrapping-token";
  private static final String NODE_KEY_TOKEN = "node-key-wrap";

  private final BootstrapSettings bootstrap;
  private final NodeKeyIssuer nodeKeys;

  NodeSecrets(BootstrapSettings bootstrap, NodeKeyIssuer nodeKeys) {
    this.bootstrap = bootstrap;
    this.nodeKeys = nodeKeys;
  }

  /** Where the node's signing key is once its agent ran (the watcher signs with it). */
  static Path keyFile(Path nodeDir) {
    return nodeDir.resolve("keys").resolve("node.key");
  }

  /** The munge key's source for the node's agent. */
  KeySourceSpec mungeKeySource(InstanceRecord node, Optional<NodeCredential> credential, Path dir)
      throws IOException {
    if (bootstrap.vault().isEmpty()) {
      return new KeySourceSpec.FileSource(bootstrap.mungeKeyFile().toAbsolutePath());
    }
    VaultSettings v = bootstrap.vault().get();
    NodeCredential c =
        credential.orElseThrow(
            () ->
                new IllegalStateException(
                    "node "
                        + node.nodeName()
                        + ": the munge key comes from Vault but the launch carries no bootstrap"
                        + " credential for this node"));
    Path tokenFile = dir.resolve(WRAPPING_TOKEN).toAbsolutePath();
    writeOwnerOnly(tokenFile, c.wrappingToken());
    return new KeySourceSpec.VaultSource(
        v.address(),
        v.kvMount(),
        v.kvPath(),
        v.field(),
        new VaultLogin.AppRole(v.authMount(), v.roleId(), null, tokenFile),
        v.caCertFile(),
        v.timeout());
  }

  /**
   * Where the node gets its signing key: the wrapping token the controller issued with its Vault
   * credential, or (without Vault) the key itself, derived by the controller's secret and written
   * 0400 into the node's {@code keys/}. Empty when the controller hands out no keys (provider
   * tests).
   */
  Optional<NodeKeySpec> nodeKey(InstanceRecord node, Optional<NodeCredential> credential, Path dir)
      throws IOException {
    if (credential.isPresent() && !credential.get().nodeKeyToken().isEmpty()) {
      Path tokenFile = dir.resolve(NODE_KEY_TOKEN).toAbsolutePath();
      writeOwnerOnly(tokenFile, credential.get().nodeKeyToken());
      return Optional.of(new NodeKeySpec.Wrapped(tokenFile));
    }
    Optional<byte[]> key = nodeKeys.keyFor(node.nodeName(), node.clientToken());
    if (key.isEmpty()) {
      return Optional.empty();
    }
    try {
      KeyFiles.write(keyFile(dir), key.get());
    } finally {
      Arrays.fill(key.get(), (byte) 0);
    }
    return Optional.of(new NodeKeySpec.FileKey(keyFile(dir).toAbsolutePath()));
  }

  /** Removes the token files and any key of an earlier boot of the same directory. */
  static void clear(Path dir) throws IOException {
    removeTokens(dir);
    Files.deleteIfExists(keyFile(dir));
  }

  static void removeTokens(Path dir) throws IOException {
    Files.deleteIfExists(dir.resolve(WRAPPING_TOKEN));
    Files.deleteIfExists(dir.resolve(NODE_KEY_TOKEN));
  }

  /** Deletes the node's keys: its munge key copy and its signing key (both under keys/). */
  static void forget(Path dir) {
    Path keys = dir.resolve("keys");
    try (var files = Files.list(keys)) {
      for (Path f : files.toList()) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(keys);
    } catch (NoSuchFileException e) {
      // never written: the agent failed before the key steps
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + keys, e);
    }
  }

  private static void writeOwnerOnly(Path file, String token) throws IOException {
    Files.createFile(
        file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Files.writeString(file, token, StandardCharsets.US_ASCII);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--------"));
  }
}
