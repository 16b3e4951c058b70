package dev.stratus.policy;

import static dev.stratus.policy.Inputs.TICK;
import static dev.stratus.policy.Inputs.time;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LifetimeModelTest {
  @Test
  void withoutHistoryItFallsBackToThePrior() {
    var model = LifetimeModel.fit(AvailabilityHistory.empty(), TICK);
    assertThat(model.stay(true, 1)).isCloseTo(1 - 10.0 / 240, within(1e-9));
    assertThat(model.stay(false, 1)).isCloseTo(1 - 10.0 / 60, within(1e-9));
  }

  @Test
  void runsThatOftenLastOneTickMakeYoungAvailabilityShortLived() {
    var b = AvailabilityHistory.builder();
    int t = 0;
    for (int run = 0; run < 40; run++) {
      int up = run % 4 == 0 ? 60 : 1;
      for (int i = 0; i < up; i++) {
        b.observe(time(t++), true);
      }
      b.observe(time(t++), false);
    }
    var model = LifetimeModel.fit(b.snapshot(), TICK);
    assertThat(model.stay(true, 1)).isLessThan(0.4);
    assertThat(model.stay(true, 2)).isGreaterThan(0.9);
    assertThat(model.stay(true, LifetimeModel.AGES)).isGreaterThan(0.95);
  }

  @Test
  void theRunInProgressCountsAsSurvivingNotAsEnding() {
    var b = AvailabilityHistory.builder();
    for (int i = 0; i < 500; i++) {
      b.observe(time(i), true);
    }
    var model = LifetimeModel.fit(b.snapshot(), TICK);
    for (int age = 1; age <= LifetimeModel.AGES; age++) {
      assertThat(model.stay(true, age)).isGreaterThan(1 - 10.0 / 240 - 1e-9);
    }
  }

  @Test
  void moreHistoryOfTheSameBehaviourAgreesAndADifferentBehaviourDoesNot() {
    var week = alternating(7 * 144, 30, 6);
    var twoWeeks = alternating(14 * 144, 30, 6);
    var shorterRuns = alternating(14 * 144, 6, 6);

    assertThat(LifetimeModel.fit(twoWeeks, TICK).agreesWith(LifetimeModel.fit(week, TICK), 4))
        .isTrue();
    assertThat(LifetimeModel.fit(shorterRuns, TICK).agreesWith(LifetimeModel.fit(week, TICK), 4))
        .isFalse();
    assertThat(
            LifetimeModel.fit(week, TICK)
                .agreesWith(LifetimeModel.fit(AvailabilityHistory.empty(), TICK), 4))
        .isFalse();
  }

  /** {@code up} ticks available, then {@code down} ticks not, over {@code ticks} ticks. */
  private static AvailabilityHistory alternating(int ticks, int up, int down) {
    var b = AvailabilityHistory.builder();
    for (int i = 0; i < ticks; i++) {
      b.observe(time(i), i % (up + down) < up);
    }
    return b.snapshot();
  }
}
