package dev.stratus.bootstrap.secret;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The key in a local file (the embedded local cluster's source). The file must be a regular file
 * (not a link) readable by its owner only (0400 or 0600), so a key that others could read is
 * refused rather than spread.
 */
public final class FileMungeKeySource implements MungeKeySource {
  private static final Set<PosixFilePermission> OWNER_READ =
      EnumSet.of(PosixFilePermission.OWNER_READ);
  private static final Set<PosixFilePermission> OWNER_READ_WRITE =
      EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

  private final Path source;

  public FileMungeKeySource(Path source) {
    this.source = source;
  }

  @Override
  public byte[] fetch() throws KeySourceException {
    PosixFileAttributes attrs;
    try {
      attrs = Files.readAttributes(source, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      throw new KeySourceException("cannot read munge key source " + source + ": " + e);
    }
    Optional<String> problem =
        checkSource(source, attrs.isRegularFile(), attrs.permissions(), attrs.size());
    if (problem.isPresent()) {
      throw new KeySourceException(problem.get());
    }
    try {
      return Files.readAllBytes(source);
    } catch (IOException e) {
      throw new KeySourceException("cannot read munge key source " + source + ": " + e);
    }
  }

  /** Why the source cannot be used, or empty when it can. Pure: takes what stat said. */
  public static Optional<String> checkSource(
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

  static String octal(Set<PosixFilePermission> mode) {
    int bits = 0;
    for (PosixFilePermission p : mode) {
      bits |= 1 << (8 - p.ordinal());
    }
    return String.format("%04o", bits);
  }
}
