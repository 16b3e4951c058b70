package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import dev.stratus.api.model.CapacityType;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;

/**
 * A GPU fault the controller hands to the ledger ({@link CostLedger#faultRecorded}): the instance
 * with what the ledger needs to book it when it never saw it (a node that failed its admission
 * check may be terminated before any listing shows it), when it faulted and why, and for each job
 * on the node the point its lost work starts from (its last checkpoint, or its start when it never
 * checkpointed). The instance's time from {@code faultAt} to its end is {@code (faulty)} spend, and
 * so is each job's time on it from {@code lostWorkFrom} to {@code faultAt}: the job must redo that
 * work. {@code admission}: it failed its admission check and never ran a job, so its whole life is
 * faulty. {@code offering} is the offering's key as {@code OfferingKey.toString()} spells it.
 */
public record FaultRecord(
    String instanceId,
    String provider,
    String offering,
    String pool,
    String partition,
    String node,
    CapacityType capacityType,
    int gpus,
    BigDecimal pricePerHour,
    Instant launched,
    Instant faultAt,
    String cause,
    Map<Long, Instant> lostWorkFrom,
    boolean admission) {
  public FaultRecord {
    notBlank("instanceId", instanceId);
    notBlank("provider", provider);
    notBlank("offering", offering);
    notBlank("pool", pool);
    notBlank("partition", partition);
    notBlank("node", node);
    notNull("capacityType", capacityType);
    notNull("pricePerHour", pricePerHour);
    notNull("launched", launched);
    notNull("faultAt", faultAt);
    notBlank("cause", cause);
    notNull("lostWorkFrom", lostWorkFrom);
    if (gpus < 0) {
      throw new IllegalArgumentException("gpus must be >= 0, got " + gpus);
    }
    if (pricePerHour.signum() < 0) {
      throw new IllegalArgumentException("pricePerHour must be >= 0, got " + pricePerHour);
    }
    if (faultAt.isBefore(launched)) {
      throw new IllegalArgumentException(
          "faultAt " + faultAt + " is before " + instanceId + " was launched " + launched);
    }
    if (admission && !lostWorkFrom.isEmpty()) {
      throw new IllegalArgumentException(
          "lostWorkFrom must be empty for an admission fault (it never ran a job), got jobs "
              + lostWorkFrom.keySet());
    }
    for (Map.Entry<Long, Instant> e : lostWorkFrom.entrySet()) {
      if (e.getKey() == null || e.getKey() <= 0) {
        throw new IllegalArgumentException("lostWorkFrom's job ids must be > 0, got " + e.getKey());
      }
      if (e.getValue() == null) {
        throw new IllegalArgumentException("lostWorkFrom of job " + e.getKey() + " must be set");
      }
      if (e.getValue().isAfter(faultAt)) {
        throw new IllegalArgumentException(
            "lostWorkFrom of job "
                + e.getKey()
                + " is "
                + e.getValue()
                + ", after faultAt "
                + faultAt);
      }
    }
    lostWorkFrom = Map.copyOf(lostWorkFrom);
  }

  /** Where its faulty time starts: launch for an admission fault, else the fault. */
  public Instant faultyFrom() {
    return admission ? launched : faultAt;
  }
}
