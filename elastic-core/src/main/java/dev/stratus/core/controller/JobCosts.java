package dev.stratus.core.controller;

import dev.stratus.core.money.CostLedger;
import dev.stratus.core.money.Money;
import dev.stratus.core.slurm.SlurmAccounting;
import java.math.BigDecimal;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes finished jobs' cost where {@code sacct -o JobID,Account,AdminComment} shows it, when
 * {@code ledger.costsToSlurm} is on: {@code stratus: cost $12.34}, the sum of the job's charges
 * (its GPUs' share of run time, its boot, its billing minimum). A job slurmdbd does not have yet is
 * tried again on a later run; the ledger remembers what was written, so each job is written once.
 */
final class JobCosts {
  private static final Logger log = LoggerFactory.getLogger(JobCosts.class);

  private final ControllerMoney money;
  private final boolean toSlurm;

  JobCosts(ControllerMoney money, boolean toSlurm) {
    this.money = money;
    this.toSlurm = toSlurm;
  }

  void record(CostLedger ledger, int limit, Instant now) {
    if (!toSlurm || money.accounting().isEmpty()) {
      return;
    }
    SlurmAccounting accounting = money.accounting().get();
    for (long job : ledger.finishedJobsWithoutRecordedCost(limit)) {
      String text = "stratus: cost " + Money.format(cost(ledger, job, now));
      try {
        accounting.recordCost(job, text);
      } catch (RuntimeException e) {
        log.info("job {}'s cost not written to Slurm yet ({}); trying later", job, e.getMessage());
        return; // slurmdbd is behind or away: the later jobs would fail the same way
      }
      ledger.costRecorded(job, text, now);
    }
  }

  /** What {@code job} cost: its own charges among its nodes' instances and allocations. */
  static BigDecimal cost(CostLedger ledger, long job, Instant now) {
    BigDecimal[] sum = {BigDecimal.ZERO};
    ledger
        .extractJob(job)
        .charges(
            now,
            c -> {
              if (!c.key().idle() && c.key().jobId() == job) {
                sum[0] = sum[0].add(c.amount());
              }
            });
    return sum[0];
  }
}
