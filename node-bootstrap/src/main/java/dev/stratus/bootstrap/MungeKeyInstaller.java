package dev.stratus.bootstrap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Copies the munge key from its secret source to the node's key file. The source must be a regular
 * file (not a link) readable by its owner only (0400 or 0600), so a key that others could read is
 * refused rather than spread. The copy is written atomically (temp file created 0600, fsync, mode
 * 0400, rename, fsync of the directory) so munged never sees a half-written key. The key bytes are
 * never logged; messages name only paths and modes.
 */
final class MungeKeyInstaller {
  /** munged refuses keys shorter than this (MUNGE_KEY_LEN_MIN_BYTES). */
  static final int MIN_KEY_BYTES = 32;

  private static final Set<PosixFilePermission> OWNER_READ =
      EnumSet.of(PosixFilePermission.OWNER_READ);
  private static final Set<PosixFilePermission> OWNER_READ_WRITE =
      EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

  private MungeKeyInstaller() {}

  /** Why the source cannot be used, or empty when it can. Pure: takes what stat said. */
  static Optional<String> checkSource(
      Path source, boolean regularFile, Set<PosixFilePermission> mode, long size) {
    if (!regularFile) {
      return Optional.of("munge key source " + source + " is not a regular file");
    }
    if (!mode.equals(OWNER_READ) && !mode.equals(OWNER_READ_WRITE)) {
      return Optional.of(
          "munge key source "
              + source
              + " must have mode 0400 or 0600, has "
              + octal(mode)
              + " ("
              + PosixFilePermissions.toString(mode)
              + ")");
    }
    if (size < MIN_KEY_BYTES) {
      return Optional.of(
          "munge key source "
              + source
              + " has "
              + size
              + " bytes, munged needs >= "
              + MIN_KEY_BYTES);
    }
    return Optional.empty();
  }

  /** Checks the source and writes the node's copy at {@code target} with mode 0400. */
  static void install(Path source, Path target) throws StepFailedException {
    byte[] key = null;
    try {
      PosixFileAttributes attrs;
      try {
        attrs = Files.readAttributes(source, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      } catch (IOException e) {
        throw new StepFailedException("cannot read munge key source " + source + ": " + e);
      }
      Optional<String> problem =
          checkSource(source, attrs.isRegularFile(), attrs.permissions(), attrs.size());
      if (problem.isPresent()) {
        throw new StepFailedException(problem.get());
      }
      key = Files.readAllBytes(source);
      writeAtomically(target, key);
    } catch (IOException e) {
      throw new StepFailedException("cannot install munge key at " + target + ": " + e);
    } finally {
      if (key != null) {
        Arrays.fill(key, (byte) 0);
      }
    }
  }

  private static void writeAtomically(Path target, byte[] key) throws IOException {
    Path dir = target.getParent();
    Files.createDirectories(dir);
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    Path temp = dir.resolve("." + target.getFileName() + ".tmp");
    Files.deleteIfExists(temp);
    try (FileChannel ch =
        FileChannel.open(
            temp,
            EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            PosixFilePermissions.asFileAttribute(OWNER_READ_WRITE))) {
      ByteBuffer buf = ByteBuffer.wrap(key);
      while (buf.hasRemaining()) {
        ch.write(buf);
      }
      ch.force(true);
    }
    Files.setPosixFilePermissions(temp, OWNER_READ);
    Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
      d.force(true);
    }
  }

  static String octal(Set<PosixFilePermission> mode) {
    int bits = 0;
    for (PosixFilePermission p : mode) {
      bits |= 1 << (8 - p.ordinal());
    }
    return String.format("%04o", bits);
  }
}
