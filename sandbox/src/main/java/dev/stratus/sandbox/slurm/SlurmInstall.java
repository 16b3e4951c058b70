package dev.stratus.sandbox.slurm;

import dev.stratus.core.config.SlurmVersion;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Which Slurm an embedded cluster runs: this machine's ({@link Host}, {@code /usr/bin} and {@code
 * /usr/sbin}, Debian 12's 22.05) or the one in a Debian 13 root ({@link Rooted}, 24.11), reached
 * through wrappers written into the cluster's directory ({@link RootWrappers}).
 */
public sealed interface SlurmInstall {
  /** The release {@code slurm.version} says. */
  SlurmVersion version();

  /**
   * Makes the programs reachable for a cluster living in {@code clusterRoot} and returns the
   * directory to use as {@code slurm.binDir}; {@code binds}: what else the root must see.
   */
  SlurmDirs install(Path clusterRoot, List<Path> binds) throws IOException;

  /** {@code slurm.binDir} and {@code slurm.sbinDir}. */
  record SlurmDirs(Path binDir, Path sbinDir) {}

  record Host() implements SlurmInstall {
    @Override
    public SlurmVersion version() {
      return SlurmVersion.DEFAULT;
    }

    @Override
    public SlurmDirs install(Path clusterRoot, List<Path> binds) {
      return new SlurmDirs(Path.of("/usr/bin"), Path.of("/usr/sbin"));
    }
  }

  record Rooted(Path root) implements SlurmInstall {
    @Override
    public SlurmVersion version() {
      return DebianRoot.VERSION;
    }

    @Override
    public SlurmDirs install(Path clusterRoot, List<Path> binds) throws IOException {
      List<Path> all = new ArrayList<>(List.of(clusterRoot));
      all.addAll(binds);
      Path bin = RootWrappers.write(clusterRoot.resolve("slurm-root"), root, all);
      RootUsers.sync(root);
      return new SlurmDirs(bin, bin);
    }
  }

  /**
   * The programs (→ Debian package) that {@link #choose} will run for {@code release} besides the
   * embedded cluster's own: debootstrap when it is 24.11 and the root in {@code cacheDir} is not
   * ready (so the demo's check names the package before anything starts); none otherwise.
   */
  static Map<String, String> programsToPrepare(String release, Path cacheDir) {
    boolean rooted;
    try {
      rooted = DebianRoot.VERSION.equals(SlurmVersion.parse(release));
    } catch (IllegalArgumentException e) {
      rooted = false; // choose() refuses it by name
    }
    if (rooted && DebianRoot.problem(cacheDir.resolve("root")).isPresent()) {
      return Map.of("debootstrap", "debootstrap");
    }
    return Map.of();
  }

  /** {@link #programsToPrepare(String, Path)} for {@link DebianRoot#DEFAULT_CACHE}. */
  static Map<String, String> programsToPrepare(String release) {
    return programsToPrepare(release, DebianRoot.DEFAULT_CACHE);
  }

  /**
   * {@code 22.05} (this machine's, the default) or {@code 24.11} (prepares the Debian 13 root in
   * {@link DebianRoot#DEFAULT_CACHE} the first time); anything else is refused by name.
   */
  static SlurmInstall choose(String release, PrintStream progress) throws IOException {
    SlurmVersion wanted;
    try {
      wanted = SlurmVersion.parse(release);
    } catch (IllegalArgumentException e) {
      wanted = null;
    }
    if (SlurmVersion.DEFAULT.equals(wanted)) {
      return new Host();
    }
    if (DebianRoot.VERSION.equals(wanted)) {
      String mirror = AptMirror.of(Path.of("/etc/apt"));
      return new Rooted(new DebianRoot(DebianRoot.DEFAULT_CACHE, mirror, progress).prepare());
    }
    throw new IllegalArgumentException(
        "Slurm release '"
            + release
            + "' is not offered: 22.05 (this machine's) or 24.11 (a Debian 13 root)");
  }
}
