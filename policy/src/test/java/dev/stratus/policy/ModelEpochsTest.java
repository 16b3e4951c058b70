package dev.stratus.policy;

import static dev.stratus.policy.Inputs.TICK;
import static dev.stratus.policy.Inputs.time;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

class ModelEpochsTest {
  private static final int DAY = 144;

  @Test
  void aMarketThatBehavesAsBeforeKeepsItsReferenceAndAChangeMakesANewOne() {
    // Three weeks of 5-hour availability runs and 1-hour outages, then a week of 1-hour runs.
    var history = history(28 * DAY, i -> i < 21 * DAY ? i % 36 < 30 : i % 12 < 6);
    var epochs = new ModelEpochs();

    ModelEpochs.Reference third = at(epochs, history, 16);
    ModelEpochs.Reference week3 = at(epochs, history, 21);
    ModelEpochs.Reference week4 = at(epochs, history, 28);

    // Days 16 to 21 add history of the same behaviour: the table solved for day 16 serves.
    assertThat(week3).isSameAs(third);
    assertThat(third.cut()).isBefore(day(16));
    assertThat(week4.cut()).isAfter(day(21));
    assertThat(week4.model().stay(true, 6)).isLessThan(third.model().stay(true, 6));
  }

  @Test
  void theReferenceDependsOnTheHistoryNotOnWhatWasAskedBefore() {
    var history = history(20 * DAY, i -> (i / 7) % 5 != 0 && i % 97 != 3);
    var inOrder = new ModelEpochs();
    for (int d = 1; d < 20; d++) {
      at(inOrder, history, d);
    }
    for (int d : new int[] {19, 3, 11, 7}) {
      var alone = at(new ModelEpochs(), history, d);
      var after = at(inOrder, history, d);
      assertThat(alone.cut()).isEqualTo(after.cut());
      assertThat(alone.observed()).isEqualTo(after.observed());
      assertThat(alone.model().stay(false, 3)).isEqualTo(after.model().stay(false, 3));
    }
  }

  @Test
  void withoutHistoryTheReferenceIsThePrior() {
    var ref = at(new ModelEpochs(), AvailabilityHistory.empty(), 3);
    var prior = LifetimeModel.fit(AvailabilityHistory.empty(), TICK);
    assertThat(ref.model().stay(true, 1)).isEqualTo(prior.stay(true, 1));
    assertThat(ref.observed()).containsExactly(0);
  }

  private static ModelEpochs.Reference at(
      ModelEpochs epochs, AvailabilityHistory history, int day) {
    return epochs.at(List.of("zone"), List.of(history), day(day), TICK, false);
  }

  private static Instant day(int d) {
    return time(0).truncatedTo(ChronoUnit.DAYS).plus(d, ChronoUnit.DAYS);
  }

  private static AvailabilityHistory history(int ticks, IntPredicate up) {
    var b = AvailabilityHistory.builder();
    for (int i = 0; i < ticks; i++) {
      b.observe(time(i), up.test(i));
    }
    return b.snapshot();
  }
}
