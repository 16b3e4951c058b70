package dev.stratus.cli.slurm;

import dev.stratus.core.config.SlurmVersion;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

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
      List<Path> all = new java.util.ArrayList<>(List.of(clusterRoot));
      all.addAll(binds);
      Path bin = RootWrappers.write(clusterRoot.resolve("slurm-root"), root, all);
      return new SlurmDirs(bin, bin);
    }
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
