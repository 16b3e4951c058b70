package dev.stratus.sandbox.slurm;

import dev.stratus.core.config.SlurmVersion;
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
 * A Debian 13 (trixie) root holding Slurm 24.11 and munge, made once with {@code debootstrap
 * --variant=minbase} from this machine's apt mirror ({@link AptMirror}) and kept under {@code
 * cacheDir/root} (default {@link #DEFAULT_CACHE}). Measured: ~45 s and ~285 MB. A root is ready
 * when its marker ({@value #MARKER}, written last) is there and its {@code slurmctld -V} answers
 * 24.11; anything else is rebuilt from scratch, saying why. One prepare at a time per cache (a file
 * lock), so a demo and a test run can share it.
 */
public final class DebianRoot {
  public static final Path DEFAULT_CACHE = Path.of("/var/cache/stratus/slurm-24.11");
  public static final SlurmVersion VERSION = new SlurmVersion(24, 11);

  /** Written last by {@link #prepare}; also how a wrapper knows it already runs inside the root. */
  public static final String MARKER = ".stratus-root";

  static final String SUITE = "trixie";
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

  private final Path cacheDir;
  private final String mirror;
  private final PrintStream progress;

  public DebianRoot(Path cacheDir, String mirror, PrintStream progress) {
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
        Optional<String> problem = problem(root);
        if (problem.isEmpty()) {
          return root;
        }
        progress.println(
            "stratus: the Slurm 24.11 root "
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
        "stratus: preparing a Debian 13 root with Slurm 24.11 at "
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
                SUITE,
                partial.toString(),
                mirror),
            Map.of(),
            log,
            DEBOOTSTRAP_LIMIT);
    if (rc != 0) {
      throw new IOException(
          "debootstrap of "
              + SUITE
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
    Optional<String> problem = problem(root);
    if (problem.isPresent()) {
      throw new IOException("the freshly built root " + root + " is not usable: " + problem.get());
    }
  }

  /** Why {@code root} cannot be used; empty when it is ready. */
  public static Optional<String> problem(Path root) {
    if (!Files.isRegularFile(root.resolve(MARKER))) {
      return Optional.of("no " + MARKER + ": its preparation never finished");
    }
    for (String program : PROGRAMS) {
      if (!Files.isExecutable(root.resolve(program))) {
        return Optional.of(program + " is missing");
      }
    }
    String banner = banner(root);
    if (!banner.contains(VERSION.toString())) {
      return Optional.of("slurmctld -V answered '" + banner + "', not " + VERSION);
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
