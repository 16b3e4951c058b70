package dev.stratus.simulator.run;

/**
 * One policy on one sample: hours of work done on spot and on on-demand (changeovers excluded, as
 * in Can't Be Late's Table 3), what was billed, whether the deadline was missed, and where the job
 * ran at each tick ({@link #IDLE}, {@link #ON_DEMAND}, or the spot location's index).
 */
public record SampleResult(
    double spotHours, double onDemandHours, double costUsd, boolean missed, int[] timeline) {
  public static final int IDLE = -1;
  public static final int ON_DEMAND = -2;
}
