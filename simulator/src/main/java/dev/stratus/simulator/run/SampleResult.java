package dev.stratus.simulator.run;

/**
 * One policy on one sample: hours of work done on spot, on on-demand, on reserved blocks and on
 * flex-start (changeovers excluded, as in Can't Be Late's Table 3), what was billed (blocks are
 * prepaid: nothing here; {@code flexUsd} is the flex part of {@code costUsd}), whether the deadline
 * was missed, and where the job ran at each tick ({@link #IDLE}, {@link #ON_DEMAND}, the spot
 * location's index, {@link #block}, {@link #flex}, or {@link #flexQueued} while it waits for a
 * grant).
 */
public record SampleResult(
    double spotHours,
    double onDemandHours,
    double costUsd,
    boolean missed,
    int[] timeline,
    double blockHours,
    double flexHours,
    double flexUsd) {
  public static final int IDLE = -1;
  public static final int ON_DEMAND = -2;
  private static final int BLOCK = -10;
  private static final int FLEX = -100;
  private static final int FLEX_QUEUED = -200;

  /** Without blocks or flex. */
  public SampleResult(
      double spotHours, double onDemandHours, double costUsd, boolean missed, int[] timeline) {
    this(spotHours, onDemandHours, costUsd, missed, timeline, 0, 0, 0);
  }

  public static int block(int b) {
    return BLOCK - b;
  }

  public static int flex(int f) {
    return FLEX - f;
  }

  public static int flexQueued(int f) {
    return FLEX_QUEUED - f;
  }

  /** The block index of a timeline code, or -1 if it is not a block. */
  public static int blockOf(int code) {
    return code <= BLOCK && code > FLEX ? BLOCK - code : -1;
  }

  /** The flex offer index of a running or queued flex code, or -1. */
  public static int flexOf(int code) {
    if (code <= FLEX && code > FLEX_QUEUED) {
      return FLEX - code;
    }
    return code <= FLEX_QUEUED ? FLEX_QUEUED - code : -1;
  }

  public static boolean queued(int code) {
    return code <= FLEX_QUEUED;
  }
}
