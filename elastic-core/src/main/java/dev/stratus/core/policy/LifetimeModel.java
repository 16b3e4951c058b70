package dev.stratus.core.policy;

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
  static final Duration PRIOR_MEAN_UP = Duration.ofHours(4);
  static final Duration PRIOR_MEAN_DOWN = Duration.ofHours(1);

  private final double[] stayUp;
  private final double[] stayDown;

  private LifetimeModel(double[] stayUp, double[] stayDown) {
    this.stayUp = stayUp;
    this.stayDown = stayDown;
  }

  public static LifetimeModel fit(AvailabilityHistory history, Duration interval) {
    double[][] alive = new double[2][AGES];
    double[][] lasted = new double[2][AGES];
    double step = interval.toMillis();
    for (int run = 0; run < history.runs(); run++) {
      boolean censored = run == history.runs() - 1;
      double span = history.runEnd(run).toEpochMilli() - history.runStart(run).toEpochMilli();
      long length = Math.max(1, Math.round(span / step) + (censored ? 1 : 0));
      // A censored run of n intervals was seen surviving n - 1 transitions, and no end.
      long atRisk = censored ? length - 1 : length;
      int state = history.runAvailable(run) ? 1 : 0;
      for (int age = 1; age < AGES && age <= atRisk; age++) {
        alive[state][age - 1]++;
        lasted[state][age - 1] += length > age ? 1 : 0;
      }
      alive[state][AGES - 1] += Math.max(0, atRisk - AGES + 1);
      lasted[state][AGES - 1] += Math.max(0, length - AGES);
    }
    return new LifetimeModel(
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

  /** Chance that a state of this {@code age} (>= 1 interval) lasts one more interval. */
  public double stay(boolean available, int age) {
    int i = Math.min(Math.max(age, 1), AGES) - 1;
    return available ? stayUp[i] : stayDown[i];
  }
}
