package dev.stratus.sandbox.slurm;

import dev.stratus.core.config.SlurmVersion;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which Slurm an embedded cluster runs: this machine's ({@link Host}, {@code /usr/bin} and {@code
 * /usr/sbin}, Debian 12's 22.05) or the one in a newer Debian's root ({@link Rooted}: 24.11 or
 * 26.05, {@link RootRelease}), reached through wrappers written into the cluster's directory
 * ({@link RootWrappers}).
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

  record Rooted(RootRelease release, Path root) implements SlurmInstall {
    @Override
    public SlurmVersion version() {
      return release.version();
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
   * embedded cluster's own: debootstrap when it comes in a root and the root in {@code cacheDir} is
   * not ready (so the demo's check names the package before anything starts); none otherwise.
   */
  static Map<String, String> programsToPrepare(String release, Path cacheDir) {
    Optional<RootRelease> rooted = rooted(release);
    if (rooted.isPresent()
        && DebianRoot.problem(rooted.get(), cacheDir.resolve("root")).isPresent()) {
      return Map.of("debootstrap", "debootstrap");
    }
    return Map.of();
  }

  /** {@link #programsToPrepare(String, Path)} for the release's default cache. */
  static Map<String, String> programsToPrepare(String release) {
    return rooted(release).map(r -> programsToPrepare(release, r.defaultCache())).orElse(Map.of());
  }

  /**
   * {@code 22.05} (this machine's, the default), {@code 24.11} or {@code 26.05} (prepares the root
   * in {@link RootRelease#defaultCache()} the first time); anything else is refused by name.
   */
  static SlurmInstall choose(String release, PrintStream progress) throws IOException {
    if (SlurmVersion.DEFAULT.equals(parsed(release).orElse(null))) {
      return new Host();
    }
    Optional<RootRelease> rooted = rooted(release);
    if (rooted.isPresent()) {
      RootRelease r = rooted.get();
      String mirror = AptMirror.of(Path.of("/etc/apt"));
      return new Rooted(r, new DebianRoot(r, r.defaultCache(), mirror, progress).prepare());
    }
    throw new IllegalArgumentException(
        "Slurm release '"
            + release
            + "' is not offered: 22.05 (this machine's), "
            + RootRelease.offered());
  }

  private static Optional<RootRelease> rooted(String release) {
    return parsed(release).flatMap(RootRelease::of); // choose() refuses the others by name
  }

  private static Optional<SlurmVersion> parsed(String release) {
    try {
      return Optional.of(SlurmVersion.parse(release));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
