package dev.stratus.sandbox.slurm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Removing a root safely: never through a mount (a live bind of /proc, /sys or a cluster). */
final class RootFiles {
  private RootFiles() {}

  /** Deletes {@code dir} and everything in it; refuses while anything is mounted under it. */
  static void delete(Path dir) throws IOException {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    String prefix = dir.toRealPath() + "/";
    for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
      String mountPoint = line.split(" ")[4];
      if (mountPoint.startsWith(prefix) || (mountPoint + "/").equals(prefix)) {
        throw new IOException(
            "cannot delete " + dir + ": " + mountPoint + " is mounted under it; unmount it first");
      }
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
