package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notNull;

import dev.stratus.api.model.CapacityType;

/**
 * Whom a charge belongs to and what it paid for. {@code kind}: {@code RUN} (a job's GPUs while it
 * ran), {@code BOOT} (the node booting for the job that asked for it), {@code MINIMUM} (billed time
 * beyond the run, e.g. a 60 s minimum or rounding: the asking job's too), {@code WASTE} (a job's
 * GPUs while the controller saw them idle: still the job's), {@code IDLE} (GPUs no job held: cost
 * of the pool and partition), {@code FAULTY} (a faulty node's time and the work jobs lost to the
 * fault: cost of the offering). An idle charge has job 0 and owner {@code (idle)}; a faulty one job
 * 0 and owner {@code (faulty)}. {@code offering} is the instance's offering ({@code
 * OfferingKey.toString()}).
 */
public record CostKey(
    Kind kind,
    long jobId,
    String user,
    String account,
    String partition,
    String pool,
    String provider,
    CapacityType capacityType,
    String offering) {
  public enum Kind {
    RUN,
    BOOT,
    MINIMUM,
    IDLE,
    FAULTY,
    WASTE
  }

  public static final String IDLE_OWNER = "(idle)";

  public static final String FAULTY_OWNER = "(faulty)";

  public CostKey {
    notNull("kind", kind);
    notNull("capacityType", capacityType);
    offering = offering == null || offering.isBlank() ? InstanceSpan.UNKNOWN_OFFERING : offering;
  }

  /** A key whose offering is not known. */
  public CostKey(
      Kind kind,
      long jobId,
      String user,
      String account,
      String partition,
      String pool,
      String provider,
      CapacityType capacityType) {
    this(kind, jobId, user, account, partition, pool, provider, capacityType, null);
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
        i.capacityType(),
        i.offering());
  }

  static CostKey idle(InstanceSpan i) {
    return nobodys(Kind.IDLE, IDLE_OWNER, i);
  }

  static CostKey faulty(InstanceSpan i) {
    return nobodys(Kind.FAULTY, FAULTY_OWNER, i);
  }

  private static CostKey nobodys(Kind kind, String owner, InstanceSpan i) {
    return new CostKey(
        kind,
        0,
        owner,
        owner,
        i.partition(),
        i.pool(),
        i.provider(),
        i.capacityType(),
        i.offering());
  }

  public boolean idle() {
    return kind == Kind.IDLE;
  }

  public boolean faulty() {
    return kind == Kind.FAULTY;
  }

  public boolean waste() {
    return kind == Kind.WASTE;
  }

  /**
   * Whether a job owns it (run, boot, minimum, waste): what user and account budgets count. Idle
   * and faulty time is no job's.
   */
  public boolean owned() {
    return !idle() && !faulty();
  }
}
