package dev.stratus.policy;

import static dev.stratus.policy.Inputs.TICK;
import static dev.stratus.policy.Inputs.repeat;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class HorizonTest {
  @Test
  void slackIsCountedInHalfChangeoversUnlessTheExactUnitIsCoarser() {
    SlackGrid tenMinutes = SlackGrid.of(600, 720);
    assertThat(tenMinutes.unitSeconds()).isEqualTo(300);
    assertThat(tenMinutes.lastPhase()).isEqualTo(2);
    // 600 s of changeover in the first interval, 120 s (rounded up to a unit) in the second.
    assertThat(tenMinutes.overheadUnits(0)).isEqualTo(2);
    assertThat(tenMinutes.overheadUnits(1)).isEqualTo(1);
    assertThat(tenMinutes.overheadUnits(2)).isZero();
    // Idle, and two modes per capacity: phases 1 and 2 continue alike.
    assertThat(tenMinutes.modes()).isEqualTo(5);
    assertThat(tenMinutes.onDemandMode(1)).isEqualTo(tenMinutes.onDemandMode(2));
    assertThat(tenMinutes.spotMode(0)).isNotEqualTo(tenMinutes.onDemandMode(1));

    SlackGrid hourly = SlackGrid.of(3600, 720);
    assertThat(hourly.unitSeconds()).isEqualTo(720);
    assertThat(hourly.modes()).isEqualTo(3);
    assertThat(SlackGrid.of(600, 0).unitSeconds()).isEqualTo(600);
  }

  @Test
  void aJobNearItsDeadlineIsLookedUpInTheFineTable() {
    Horizon h = horizon(Inputs.job(48, 60).location("a", 1, 3, repeat(true, 5)).build());

    assertThat(h.coarse()).isFalse();
    assertThat(h.interval()).isEqualTo(TICK);
    assertThat(h.ticks()).isEqualTo(360);
    assertThat(h.slack()).isEqualTo(12 * 3600 / 300);
  }

  @Test
  void aJobOfDaysIsLookedUpInTheCoarseTableRoundingTowardsLess() {
    Horizon h = horizon(Inputs.job(120, 181.5).location("a", 1, 3, repeat(true, 5)).build());

    assertThat(h.coarse()).isTrue();
    assertThat(h.interval()).isEqualTo(Duration.ofHours(1));
    // 1,089 ticks are 181 whole hours (the half hour is dropped), 61 h of slack in 720 s units.
    assertThat(h.ticks()).isEqualTo(181);
    assertThat(h.slack()).isEqualTo(61 * 5);
    assertThat(h.maxSlack()).isEqualTo(48 * 5);
  }

  private static Horizon horizon(DecisionInput in) {
    Schedule s = Schedule.of(in);
    List<AvailabilityHistory> histories =
        in.locations().stream().map(LocationView::history).toList();
    return Horizon.of(s, histories, true, in.now(), in.interval());
  }
}
