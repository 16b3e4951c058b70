package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notNull;

import dev.stratus.api.model.CapacityType;

/**
 * Whom a charge belongs to and what it paid for. {@code kind}: {@code RUN} (a job's GPUs while it
 * ran), {@code BOOT} (the node booting for the job that asked for it), {@code MINIMUM} (billed time
 * beyond the run, e.g. a 60 s minimum or rounding: the asking job's too), {@code IDLE} (GPUs no job
 * held: cost of the pool and partition). An idle charge has job 0 and owner {@code (idle)}.
 */
public record CostKey(
    Kind kind,
    long jobId,
    String user,
    String account,
    String partition,
    String pool,
    String provider,
    CapacityType capacityType) {
  public enum Kind {
    RUN,
    BOOT,
    MINIMUM,
    IDLE
  }

  public static final String IDLE_OWNER = "(idle)";

  public CostKey {
    notNull("kind", kind);
    notNull("capacityType", capacityType);
  }

  static CostKey job(Kind kind, JobOwner owner, InstanceSpan i) {
    return new CostKey(
        kind,
        owner.jobId(),
        owner.user(),
        owner.account(),
        owner.partition().equals(JobOwner.UNKNOWN) ? i.partition() : owner.partition(),
        i.pool(),
        i.provider(),
        i.capacityType());
  }

  static CostKey idle(InstanceSpan i) {
    return new CostKey(
        Kind.IDLE,
        0,
        IDLE_OWNER,
        IDLE_OWNER,
        i.partition(),
        i.pool(),
        i.provider(),
        i.capacityType());
  }

  public boolean idle() {
    return kind == Kind.IDLE;
  }
}
