package dev.stratus.simulator.report;

/**
 * One policy's use of the blocks and flex offers over a run's samples, read as one workload. Means
 * per job: {@code blockHours} and {@code flexHours} of work, {@code flexUsd} paid for flex. Totals
 * over the workload: {@code blockHeldHours} and {@code blockIdleHours}, instance-hours of the
 * blocks' windows held and not held; {@code blockUsd}, the blocks' price, counted whether used or
 * not; {@code totalWithBlockUsd}, that price plus every job's bill; {@code totalWithoutBlockUsd},
 * the bill of the same jobs with the same policy and no block (flex kept); {@code blockCostShare},
 * the blocks' price over the total with them. Block figures are null without blocks.
 */
public record WindowedSummary(
    Double blockHours,
    Double blockHeldHours,
    Double blockIdleHours,
    Double blockUsd,
    Double blockCostShare,
    double flexHours,
    double flexUsd,
    Double totalWithBlockUsd,
    Double totalWithoutBlockUsd) {

  /** What the blocks saved this workload (negative: they cost more than they saved). */
  public Double blockSavesUsd() {
    return totalWithBlockUsd == null ? null : totalWithoutBlockUsd - totalWithBlockUsd;
  }
}
