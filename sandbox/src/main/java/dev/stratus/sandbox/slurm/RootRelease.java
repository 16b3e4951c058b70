package dev.stratus.sandbox.slurm;

import dev.stratus.core.config.SlurmVersion;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A Slurm release that comes from a Debian suite newer than this machine's, in a root made with
 * debootstrap ({@link DebianRoot}): the suite that carries it, what to call that Debian, and where
 * its root is kept unless told otherwise. This machine's own Slurm (Debian 12's 22.05) needs no
 * root. The suites come from the mirror apt already uses, so a machine that reaches only that
 * mirror still gets every release.
 */
public record RootRelease(SlurmVersion version, String suite, String debian) {
  /** Debian 13's Slurm. */
  public static final RootRelease SLURM_24_11 =
      new RootRelease(new SlurmVersion(24, 11), "trixie", "Debian 13 (trixie)");

  /** Debian's testing suite after trixie; bookworm's debootstrap has no script named for it. */
  public static final RootRelease SLURM_26_05 =
      new RootRelease(new SlurmVersion(26, 5), "forky", "Debian forky (testing)");

  /** Every release offered in a root, oldest first. */
  public static final List<RootRelease> ALL = List.of(SLURM_24_11, SLURM_26_05);

  /** The root's cache unless another is given: {@code /var/cache/stratus/slurm-<version>}. */
  public Path defaultCache() {
    return Path.of("/var/cache/stratus/slurm-" + version);
  }

  /** The release offered for {@code version}, if one is. */
  public static Optional<RootRelease> of(SlurmVersion version) {
    return ALL.stream().filter(r -> r.version.equals(version)).findFirst();
  }

  /** For the messages that list what is offered: {@code 24.11 (Debian 13 (trixie)), ...}. */
  public static String offered() {
    return String.join(
        ", ", ALL.stream().map(r -> r.version + " (a " + r.debian + " root)").toList());
  }
}
