package dev.stratus.sandbox.slurm;

import dev.stratus.sandbox.process.Processes;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Debian root holding a {@link RootRelease}'s Slurm and munge, made once with {@code debootstrap
 * --variant=minbase} from this machine's apt mirror ({@link AptMirror}) and kept under {@code
 * cacheDir/root} (default {@link RootRelease#defaultCache()}). Measured: ~45 s and ~285 MB for
 * 24.11. A root is ready when its marker ({@value #MARKER}, written last) is there and its {@code
 * slurmctld -V} answers the release; anything else is rebuilt from scratch, saying why. One prepare
 * at a time per cache (a file lock), so a demo and a test run can share it.
 */
public final class DebianRoot {
  /** The 24.11 root's cache, the one the 24.11 suites and the demo share. */
  public static final Path DEFAULT_CACHE = RootRelease.SLURM_24_11.defaultCache();

  /** Written last by {@link #prepare}; also how a wrapper knows it already runs inside the root. */
  public static final String MARKER = ".stratus-root";

  // slurmdbd: Slurm accounting in the embedded cluster (its MySQL plugin; MariaDB is this
  // machine's)
  static final List<String> PACKAGES =
      List.of("slurmctld", "slurmd", "slurm-client", "slurmdbd", "munge");

  /** A root without one of these is rebuilt (one made before slurmdbd was added, for instance). */
  private static final List<String> PROGRAMS =
      List.of(
          "usr/sbin/slurmctld",
          "usr/sbin/slurmd",
          "usr/sbin/slurmdbd",
          "usr/sbin/munged",
          "usr/bin/scontrol");

  private static final Duration DEBOOTSTRAP_LIMIT = Duration.ofMinutes(15);

  /**
   * debootstrap's script for every suite: bookworm's debootstrap knows trixie (a link to sid) but
   * not forky, and every suite since buster is bootstrapped the same way.
   */
  private static final String SCRIPT = "/usr/share/debootstrap/scripts/sid";

  private final RootRelease release;
  private final Path cacheDir;
  private final String mirror;
  private final PrintStream progress;

  /** The 24.11 root in {@code cacheDir}. */
  public DebianRoot(Path cacheDir, String mirror, PrintStream progress) {
    this(RootRelease.SLURM_24_11, cacheDir, mirror, progress);
  }

  public DebianRoot(RootRelease release, Path cacheDir, String mirror, PrintStream progress) {
    this.release = release;
    this.cacheDir = cacheDir.toAbsolutePath();
    this.mirror = mirror;
    this.progress = progress;
  }

  /** The root under {@code cacheDir}, reused when ready, else (re)built. */
  public Path prepare() throws IOException {
    Files.createDirectories(cacheDir);
    try (FileChannel lockFile =
            FileChannel.open(
                cacheDir.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = lockFile.lock()) {
      Path root = root();
      if (Files.exists(root)) {
        Optional<String> problem = problem(release, root);
        if (problem.isEmpty()) {
          return root;
        }
        progress.println(
            "stratus: the Slurm "
                + release.version()
                + " root "
                + root
                + " is broken ("
                + problem.get()
                + "); rebuilding it");
        RootFiles.delete(root);
      }
      build(root);
      return root;
    }
  }

  public Path root() {
    return cacheDir.resolve("root");
  }

  private void build(Path root) throws IOException {
    Path partial = cacheDir.resolve("root.partial");
    RootFiles.delete(partial);
    Path log = cacheDir.resolve("debootstrap.log");
    progress.println(
        "stratus: preparing a "
            + release.debian()
            + " root with Slurm "
            + release.version()
            + " at "
            + root
            + " (debootstrap from "
            + mirror
            + ", about 45 s and 285 MB, once)");
    int rc =
        Processes.run(
            List.of(
                "debootstrap",
                "--variant=minbase",
                "--include=" + String.join(",", PACKAGES),
                release.suite(),
                partial.toString(),
                mirror,
                SCRIPT),
            Map.of(),
            log,
            DEBOOTSTRAP_LIMIT);
    if (rc != 0) {
      throw new IOException(
          "debootstrap of "
              + release.suite()
              + " from "
              + mirror
              + " failed (exit "
              + rc
              + "; is the debootstrap package installed?), see "
              + log);
    }
    // the daemons resolve localhost; the wrappers bind this machine's /etc/hosts over it
    Files.writeString(
        partial.resolve("etc/hosts"), "127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost\n");
    String banner = banner(partial);
    Files.move(partial, root, StandardCopyOption.ATOMIC_MOVE);
    Files.writeString(root.resolve(MARKER), banner + "\n");
    Optional<String> problem = problem(release, root);
    if (problem.isPresent()) {
      throw new IOException("the freshly built root " + root + " is not usable: " + problem.get());
    }
  }

  /** Why the 24.11 {@code root} cannot be used; empty when it is ready. */
  public static Optional<String> problem(Path root) {
    return problem(RootRelease.SLURM_24_11, root);
  }

  /** Why {@code root} cannot be used for {@code release}; empty when it is ready. */
  public static Optional<String> problem(RootRelease release, Path root) {
    if (!Files.isRegularFile(root.resolve(MARKER))) {
      return Optional.of("no " + MARKER + ": its preparation never finished");
    }
    for (String program : PROGRAMS) {
      if (!Files.isExecutable(root.resolve(program))) {
        return Optional.of(program + " is missing");
      }
    }
    String banner = banner(root);
    if (!banner.contains(" " + release.version() + ".")) {
      return Optional.of("slurmctld -V answered '" + banner + "', not " + release.version());
    }
    return Optional.empty();
  }

  /** What {@code slurmctld -V} of the root prints (run in the root: its libraries are newer). */
  static String banner(Path root) {
    Processes.Result r =
        Processes.output(
            List.of("chroot", root.toString(), "/usr/sbin/slurmctld", "-V"),
            Map.of(),
            null,
            Duration.ofSeconds(20));
    return r.exitCode() == 0 ? r.stdout().strip() : "exit " + r.exitCode();
  }
}
