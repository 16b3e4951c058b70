package dev.stratus.core.controller;

import dev.stratus.core.config.SlurmVersion;
import dev.stratus.core.slurm.SlurmJob;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

/**
 * Whether the controller may run {@code scontrol reconfigure} for a topology change now. Slurm
 * 24.11 restarts slurmctld on a reconfigure and SIGKILLs every PrologSlurmctld still running
 * (measured on 24.11.5: {@code slurmscriptd: Script for jobid=11 found running ... force ending},
 * {@code PrologSlurmctld killed by signal 9}); on a powered-down node that is Stratus's boot-wait
 * prolog, whose end is what starts the batch job (docs/slurm-facts.md, "Slurm 24.11"). So from
 * {@link SlurmVersion#reconfigureKillsPrologs()} on, a reconfigure waits while a job is
 * CONFIGURING, for at most {@code maxWait} after the change (the nodes' resume timeout: a steady
 * burst must not keep the topology stale for ever). 22.05 keeps its prologs: no wait.
 */
public record ReconfigureGate(boolean waitsForPrologs, Duration maxWait) {
  public static ReconfigureGate of(SlurmVersion version, Duration maxWait) {
    return new ReconfigureGate(version.reconfigureKillsPrologs(), maxWait);
  }

  /** Never waits (what 22.05 needs). */
  public static final ReconfigureGate NEVER_WAITS = new ReconfigureGate(false, Duration.ZERO);

  /**
   * True when the reconfigure for a change made at {@code changed} may run at {@code now}; {@code
   * jobs} is asked only when the answer depends on it; when asking fails, the reconfigure may run
   * (it would most likely fail too, and is tried again next pass).
   */
  boolean open(Instant changed, Instant now, Supplier<List<SlurmJob>> jobs) {
    if (!waitsForPrologs || !now.isBefore(changed.plus(maxWait))) {
      return true;
    }
    try {
      return jobs.get().stream().noneMatch(j -> j.state().equals("CONFIGURING"));
    } catch (RuntimeException e) {
      return true;
    }
  }
}
