package dev.stratus.policy;

import java.time.Duration;

/**
 * How long spot availability and unavailability last at an offering, learnt from its history: for
 * each state (available or not) and age (how many decision intervals the state has lasted so far),
 * the chance that it lasts one interval more. Ages from {@link #AGES} on share one estimate. This
 * is a semi-Markov view of availability: real runs are far from memoryless (many last one probe,
 * and a run that has lasted an hour tends to last many more), and the age is what the controller
 * can observe to tell the two apart.
 *
 * <p>Estimates are smoothed towards a structural prior ({@link #PRIOR_RUNS} pseudo-runs with a mean
 * availability run of 4 h and a mean outage of 1 h), so an offering with little history is neither
 * trusted blindly nor shunned; the observed runs outweigh the prior as they accumulate. The run
 * still in progress counts as censored: it shows survival up to its age, not an end.
 */
public final class LifetimeModel {
  /** Ages (in decision intervals) with their own estimate; older ones share the last. */
  public static final int AGES = 12;

  static final double PRIOR_RUNS = 5;

  /** Floor of a stay estimate's variance: p(1 - p) for p = 0.999 or 0.001. */
  private static final double MIN_VARIANCE = 0.001;

  static final Duration PRIOR_MEAN_UP = Duration.ofHours(4);
  static final Duration PRIOR_MEAN_DOWN = Duration.ofHours(1);

  private final double[] stayUp;
  private final double[] stayDown;
  private final double[] evidenceUp;
  private final double[] evidenceDown;

  private LifetimeModel(double[][] alive, double[] stayUp, double[] stayDown) {
    this.stayUp = stayUp;
    this.stayDown = stayDown;
    this.evidenceUp = withPrior(alive[1]);
    this.evidenceDown = withPrior(alive[0]);
  }

  /**
   * The model learnt from {@code history} in steps of {@code interval}. Costs the runs the history
   * has gained since a snapshot of the same builder was last fitted ({@link RunTally}), not the
   * whole history.
   */
  public static LifetimeModel fit(AvailabilityHistory history, Duration interval) {
    long[] counts = history.tally(interval.toMillis());
    double[][] alive = new double[2][AGES];
    double[][] lasted = new double[2][AGES];
    for (int state = 0; state < 2; state++) {
      for (int i = 0; i < AGES; i++) {
        alive[state][i] = counts[RunTally.alive(state == 1, i)];
        lasted[state][i] = counts[RunTally.lasted(state == 1, i)];
      }
    }
    return new LifetimeModel(
        alive,
        smooth(alive[1], lasted[1], prior(interval, PRIOR_MEAN_UP)),
        smooth(alive[0], lasted[0], prior(interval, PRIOR_MEAN_DOWN)));
  }

  private static double prior(Duration interval, Duration mean) {
    double p = 1 - (double) interval.toMillis() / mean.toMillis();
    return Math.min(0.999, Math.max(0.01, p));
  }

  private static double[] smooth(double[] alive, double[] lasted, double prior) {
    double[] stay = new double[AGES];
    for (int i = 0; i < AGES; i++) {
      stay[i] = (lasted[i] + PRIOR_RUNS * prior) / (alive[i] + PRIOR_RUNS);
    }
    return stay;
  }

  private static double[] withPrior(double[] alive) {
    double[] n = new double[AGES];
    for (int i = 0; i < AGES; i++) {
      n[i] = alive[i] + PRIOR_RUNS;
    }
    return n;
  }

  /**
   * True when this model, fitted on more history, is within {@code z} standard errors of {@code
   * reference} at every state and age: the extra history is what chance alone would show if
   * availability still behaved as the reference says, so a decision table solved for the reference
   * serves. The standard error is this model's (its runs at risk, prior included).
   */
  public boolean agreesWith(LifetimeModel reference, double z) {
    for (int i = 0; i < AGES; i++) {
      if (!close(stayUp[i], reference.stayUp[i], evidenceUp[i], z)
          || !close(stayDown[i], reference.stayDown[i], evidenceDown[i], z)) {
        return false;
      }
    }
    return true;
  }

  private static boolean close(double p, double reference, double atRisk, double z) {
    double mean = (p + reference) / 2;
    double variance = Math.max(mean * (1 - mean), MIN_VARIANCE);
    return Math.abs(p - reference) <= z * Math.sqrt(variance / atRisk);
  }

  /** Chance that a state of this {@code age} (>= 1 interval) lasts one more interval. */
  public double stay(boolean available, int age) {
    int i = Math.min(Math.max(age, 1), AGES) - 1;
    return available ? stayUp[i] : stayDown[i];
  }
}
