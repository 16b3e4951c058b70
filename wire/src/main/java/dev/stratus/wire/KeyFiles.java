package dev.stratus.wire;

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
import java.util.EnumSet;
import java.util.Set;

/**
 * A key ({@link NodeKeys#KEY_BYTES} raw bytes) in a file only its owner may read: the controller's
 * secret, a node's key. Reading refuses a link, a file others may read or write, and a wrong size;
 * writing is atomic (a 0600 temp file, synced, made 0400, renamed), so no reader ever sees half a
 * key. Messages name the file and the problem, never a byte of the key.
 */
public final class KeyFiles {
  private static final Set<PosixFilePermission> OWNER_ONLY =
      EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

  private KeyFiles() {}

  public static byte[] read(Path file) throws IOException {
    PosixFileAttributes attrs =
        Files.readAttributes(file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (!attrs.isRegularFile()) {
      throw new IOException("key file " + file + " is not a regular file");
    }
    if (!OWNER_ONLY.containsAll(attrs.permissions())) {
      throw new IOException(
          "key file "
              + file
              + " must be readable by its owner only (0400), has "
              + PosixFilePermissions.toString(attrs.permissions()));
    }
    if (attrs.size() != NodeKeys.KEY_BYTES) {
      throw new IOException(
          "key file " + file + " must hold " + NodeKeys.KEY_BYTES + " bytes, has " + attrs.size());
    }
    return Files.readAllBytes(file);
  }

  /** Writes {@code key} to {@code file} (mode 0400), in a directory of mode 0700. */
  public static void write(Path file, byte[] key) throws IOException {
    if (key.length != NodeKeys.KEY_BYTES) {
      throw new IllegalArgumentException("a key is " + NodeKeys.KEY_BYTES + " bytes");
    }
    writeSecret(file, key);
  }

  /**
   * Writes any secret (a munge key, too) to {@code file} with mode 0400, atomically, and makes its
   * directory (created if missing) mode 0700; file and directory are synced to disk.
   */
  public static void writeSecret(Path file, byte[] secret) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    Path temp = dir.resolve("." + file.getFileName() + ".tmp");
    Files.deleteIfExists(temp);
    try (FileChannel ch =
        FileChannel.open(
            temp,
            EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            PosixFilePermissions.asFileAttribute(OWNER_ONLY))) {
      ByteBuffer buf = ByteBuffer.wrap(secret);
      while (buf.hasRemaining()) {
        ch.write(buf);
      }
      ch.force(true);
    }
    Files.setPosixFilePermissions(temp, EnumSet.of(PosixFilePermission.OWNER_READ));
    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
      d.force(true);
    }
  }
}
