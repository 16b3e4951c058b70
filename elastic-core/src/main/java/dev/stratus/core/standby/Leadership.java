package dev.stratus.core.standby;

import dev.stratus.core.controller.Fence;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Which of two controllers acts: the one holding the {@link FileLease}. Each {@link #look} (every
 * {@code renewEvery}) the holder renews it; the other takes it once it is free. Slurm's own role
 * decides who goes first: the controller beside the slurmctld that {@code scontrol ping} shows in
 * control (its SlurmctldHost is {@code slurmctldHost}) takes a lease as soon as it expires, and
 * asks a holder that is not beside it to hand over; the other waits one more lease duration, so it
 * takes over only when the preferred controller is gone too (or cannot tell: no ping).
 */
public final class Leadership implements Fence {
  /** What a look changed. */
  public enum Change {
    NONE,
    BECAME_ACTIVE,
    STEPPED_DOWN
  }

  private final FileLease lease;
  private final String slurmctldHost;
  private final Duration leaseDuration;

  public Leadership(FileLease lease, String slurmctldHost, Duration leaseDuration) {
    this.lease = lease;
    this.slurmctldHost = slurmctldHost;
    this.leaseDuration = leaseDuration;
  }

  /** {@code ping}: {@code scontrol ping} now, or empty when it could not be run or read. */
  public Change look(Optional<SlurmctldPing> ping) {
    boolean preferred =
        ping.flatMap(SlurmctldPing::inControl).filter(slurmctldHost::equals).isPresent();
    boolean before = lease.term().isPresent();
    if (lease.renew()) {
      if (!preferred && lease.claimedByAnother(leaseDuration)) {
        lease.release();
      }
    } else if (!lease.acquire(preferred ? Duration.ZERO : leaseDuration) && preferred) {
      lease.claim();
    }
    boolean after = lease.term().isPresent();
    return before == after ? Change.NONE : after ? Change.BECAME_ACTIVE : Change.STEPPED_DOWN;
  }

  /** Stops acting and frees the lease for the other controller (a clean shutdown). */
  public void stepDown() {
    lease.release();
  }

  public FileLease lease() {
    return lease;
  }

  @Override
  public OptionalLong term() {
    return lease.term();
  }

  @Override
  public boolean holds(long term) {
    return lease.holds(term);
  }
}
