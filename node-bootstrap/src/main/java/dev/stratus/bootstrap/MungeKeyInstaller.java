package dev.stratus.bootstrap;

import dev.stratus.bootstrap.secret.FileMungeKeySource;
import dev.stratus.bootstrap.secret.KeySourceException;
import dev.stratus.bootstrap.secret.MungeKeySource;
import dev.stratus.wire.KeyFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Copies the munge key from its secret source ({@link MungeKeySource}: a 0400 file, or Vault) to
 * the node's key file. The copy is written atomically (temp file created 0600, fsync, mode 0400,
 * rename, fsync of the directory) so munged never sees a half-written key. The key bytes are never
 * logged; messages name only paths and modes.
 */
final class MungeKeyInstaller {
  /** munged refuses keys shorter than this (MUNGE_KEY_LEN_MIN_BYTES). */
  static final int MIN_KEY_BYTES = MungeKeySource.MIN_KEY_BYTES;

  private static final Set<PosixFilePermission> OWNER_READ =
      EnumSet.of(PosixFilePermission.OWNER_READ);
  private static final Set<PosixFilePermission> OWNER_READ_WRITE =
      EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

  private MungeKeyInstaller() {}

  /** Why the source cannot be used, or empty when it can. Pure: takes what stat said. */
  static Optional<String> checkSource(
      Path source, boolean regularFile, Set<PosixFilePermission> mode, long size) {
    return FileMungeKeySource.checkSource(source, regularFile, mode, size);
  }

  /** Checks the file source and writes the node's copy at {@code target} with mode 0400. */
  static void install(Path source, Path target) throws StepFailedException {
    install(new FileMungeKeySource(source), target);
  }

  /**
   * Fetches the key from {@code source} and writes it at {@code target} with mode 0400; the key
   * bytes are zeroed afterwards whatever happens.
   */
  static void install(MungeKeySource source, Path target) throws StepFailedException {
    byte[] key = null;
    try {
      key = source.fetch();
      if (key.length < MIN_KEY_BYTES) {
        throw new StepFailedException(
            "munge key has " + key.length + " bytes, munged needs >= " + MIN_KEY_BYTES);
      }
      writeAtomically(target, key);
    } catch (KeySourceException e) {
      throw new StepFailedException(e.getMessage());
    } catch (IOException e) {
      throw new StepFailedException("cannot install munge key at " + target + ": " + e);
    } finally {
      if (key != null) {
        Arrays.fill(key, (byte) 0);
      }
    }
  }

  private static void writeAtomically(Path target, byte[] key) throws IOException {
    KeyFiles.writeSecret(target, key);
  }
}
