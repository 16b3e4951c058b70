package dev.stratus.core.config;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Two controllers, one acting (stratus.yaml {@code controller.standby:}). Both point at the same
 * {@code leaseDir} on the state both slurmctlds share; the one holding the lease acts, the other
 * watches. Slurm's own role decides who takes a free lease first: the controller beside the
 * slurmctld that {@code scontrol ping} shows in control.
 *
 * @param leaseDir where the lease file lives: a directory on the file system both controllers mount
 *     (the spool's, since both slurmctlds' hooks write it; the spool reads only its own {@code
 *     *.json} files). Default {@code <spoolDir>/lease}
 * @param leaseDuration how long a renewal holds the lease; the standby takes it only after that
 *     much time without one. Default 15 s
 * @param renewEvery how often the holder renews (and the standby looks); less than half of {@code
 *     leaseDuration}, since the holder stops acting {@code renewEvery} before its lease runs out.
 *     Default 3 s
 * @param slurmctldHost the SlurmctldHost name of the slurmctld beside this controller, as {@code
 *     scontrol ping} prints it. Default this machine's short host name
 */
public record StandbySettings(
    Path leaseDir, Duration leaseDuration, Duration renewEvery, String slurmctldHost) {
  public static final Duration DEFAULT_LEASE = Duration.ofSeconds(15);
  public static final Duration DEFAULT_RENEW = Duration.ofSeconds(3);

  public StandbySettings {
    notNull("controller.standby.leaseDir", leaseDir);
    notBlank("controller.standby.slurmctldHost", slurmctldHost);
    if (renewEvery.isNegative() || renewEvery.isZero()) {
      throw new IllegalArgumentException(
          "controller.standby.renewEvery must be > 0, got " + renewEvery);
    }
    if (leaseDuration.compareTo(renewEvery.multipliedBy(2)) <= 0) {
      throw new IllegalArgumentException(
          "controller.standby.leaseDuration ("
              + leaseDuration
              + ") must be more than twice renewEvery ("
              + renewEvery
              + "): the holder stops acting renewEvery before its lease runs out");
    }
  }
}
