package dev.stratus.policy;

import static dev.stratus.policy.Inputs.TICK;
import static dev.stratus.policy.Inputs.time;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link LifetimeModel#fit} reuses the sums of a builder's completed runs ({@link RunTally}); these
 * check, on random histories, that it equals a fit from scratch (written out here, as the model
 * defines it) whatever snapshots, cuts and steps were fitted before, and in whatever order.
 */
class IncrementalFitTest {
  private static final List<Duration> STEPS =
      List.of(TICK, TICK.multipliedBy(6), Duration.ofSeconds(195), Duration.ofSeconds(77));

  @Test
  void aFitEqualsTheFitFromScratchWhateverWasFittedBefore() {
    for (long seed = 1; seed <= 40; seed++) {
      Random random = new Random(seed);
      var builder = AvailabilityHistory.builder();
      List<AvailabilityHistory> snapshots = new ArrayList<>();
      int ticks = 1 + random.nextInt(3000);
      boolean up = random.nextBoolean();
      for (int i = 0; i < ticks; i++) {
        // Runs of 1 to ~40 ticks, many of one: the shapes the ages tell apart.
        if (random.nextInt(random.nextBoolean() ? 2 : 40) == 0) {
          up = !up;
        }
        builder.observe(time(i).plusSeconds(random.nextInt(3)), up);
        if (random.nextInt(50) == 0) {
          snapshots.add(builder.snapshot());
        }
      }
      snapshots.add(builder.snapshot());
      for (int k = 0; k < 60; k++) {
        var h = snapshots.get(random.nextInt(snapshots.size()));
        if (random.nextBoolean()) {
          h = h.upTo(time(random.nextInt(ticks + 5)).plusSeconds(random.nextInt(600)));
        }
        Duration step = STEPS.get(random.nextInt(STEPS.size()));
        assertSame(LifetimeModel.fit(h, step), fromScratch(h, step), "seed " + seed);
      }
    }
  }

  @Test
  void aHistoryOfOneRunAndAnEmptyOneFitLikeFromScratch() {
    var one = AvailabilityHistory.builder().observe(time(0), true).observe(time(30), true);
    assertSame(LifetimeModel.fit(one.snapshot(), TICK), fromScratch(one.snapshot(), TICK), "one");
    var empty = AvailabilityHistory.empty();
    assertSame(LifetimeModel.fit(empty, TICK), fromScratch(empty, TICK), "empty");
    var cut = one.snapshot().upTo(Instant.EPOCH);
    assertSame(LifetimeModel.fit(cut, TICK), fromScratch(cut, TICK), "cut before the first");
  }

  private static void assertSame(LifetimeModel fit, double[][] expected, String what) {
    for (int age = 1; age <= LifetimeModel.AGES; age++) {
      assertThat(fit.stay(true, age))
          .as(what + ", up at age " + age)
          .isEqualTo(expected[1][age - 1]);
      assertThat(fit.stay(false, age))
          .as(what + ", down at age " + age)
          .isEqualTo(expected[0][age - 1]);
    }
  }

  /** The model's estimates by state and age, from every run of {@code h} at once. */
  private static double[][] fromScratch(AvailabilityHistory h, Duration interval) {
    int ages = LifetimeModel.AGES;
    double[][] alive = new double[2][ages];
    double[][] lasted = new double[2][ages];
    double step = interval.toMillis();
    for (int run = 0; run < h.runs(); run++) {
      boolean censored = run == h.runs() - 1;
      double span = h.runEnd(run).toEpochMilli() - h.runStart(run).toEpochMilli();
      long length = Math.max(1, Math.round(span / step) + (censored ? 1 : 0));
      long atRisk = censored ? length - 1 : length;
      int state = h.runAvailable(run) ? 1 : 0;
      for (int age = 1; age <= ages; age++) {
        long risk = age < ages ? (atRisk >= age ? 1 : 0) : Math.max(0, atRisk - ages + 1);
        long last =
            age < ages ? (length > age && atRisk >= age ? 1 : 0) : Math.max(0, length - ages);
        alive[state][age - 1] += risk;
        lasted[state][age - 1] += last;
      }
    }
    double[][] stay = new double[2][ages];
    double[] prior = {
      prior(interval, LifetimeModel.PRIOR_MEAN_DOWN), prior(interval, LifetimeModel.PRIOR_MEAN_UP)
    };
    for (int state = 0; state < 2; state++) {
      for (int i = 0; i < ages; i++) {
        double pseudo = LifetimeModel.PRIOR_RUNS;
        stay[state][i] = (lasted[state][i] + pseudo * prior[state]) / (alive[state][i] + pseudo);
      }
    }
    return stay;
  }

  private static double prior(Duration interval, Duration mean) {
    return Math.min(0.999, Math.max(0.01, 1 - (double) interval.toMillis() / mean.toMillis()));
  }
}
