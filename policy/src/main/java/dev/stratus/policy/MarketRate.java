package dev.stratus.policy;

/**
 * How much progress a market gives per hour of wall time, in the long run, to a job that runs spot
 * there whenever it is up and pays a changeover at the start of every run: the mean progress of an
 * availability run (its length less the changeover, none if shorter) over the mean length of a run
 * and the outage after it, both from the market's {@link LifetimeModel}.
 */
final class MarketRate {
  private MarketRate() {}

  static double of(LifetimeModel model, double intervalSeconds, double changeoverSeconds) {
    double progress = 0;
    double alive = 1;
    for (int age = 1; age < LifetimeModel.AGES; age++) {
      progress +=
          alive * Math.max(0, Math.min(intervalSeconds, age * intervalSeconds - changeoverSeconds));
      alive *= model.stay(true, age);
    }
    // From the last age with its own estimate on, runs end at one rate: a geometric tail. A
    // changeover longer than the ages before it is paid from the tail, as if every run lasted it.
    double tailStart = (LifetimeModel.AGES - 1) * intervalSeconds;
    progress +=
        alive * intervalSeconds / (1 - model.stay(true, LifetimeModel.AGES))
            - alive * Math.max(0, changeoverSeconds - tailStart);
    double cycle = meanRun(model, true) + meanRun(model, false);
    return Math.max(0, progress) / (cycle * intervalSeconds);
  }

  /** Mean length of a run, in intervals. */
  private static double meanRun(LifetimeModel model, boolean available) {
    double mean = 0;
    double alive = 1;
    for (int age = 1; age < LifetimeModel.AGES; age++) {
      mean += alive;
      alive *= model.stay(available, age);
    }
    return mean + alive / (1 - model.stay(available, LifetimeModel.AGES));
  }
}
