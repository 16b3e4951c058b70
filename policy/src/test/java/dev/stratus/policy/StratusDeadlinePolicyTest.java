package dev.stratus.policy;

import static dev.stratus.policy.Inputs.repeat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class StratusDeadlinePolicyTest {
  private final StratusDeadlinePolicy stratus = new StratusDeadlinePolicy();

  @Test
  void takesLongLivedSpotWhenSlackIsAmple() {
    var in = Inputs.job(4, 12).left(2).at(30).location("a", 1, 3, repeat(true, 40)).build();
    Decision d = stratus.decide(in);
    assertThat(d).isEqualTo(new Decision.RunSpot("a", d.reason()));
    assertThat(d.reason()).contains("slack").contains("spot at a");
  }

  @Test
  void waitsOutAnOutageWhenSlackIsAmpleAndGoesOnDemandWhenItIsNot() {
    boolean[] upThenDown = new boolean[40];
    Arrays.fill(upThenDown, 0, 30, true);
    var ample = Inputs.job(2, 12).left(1.5).at(32).location("a", 1, 3, upThenDown).build();
    var tight = Inputs.job(4, 6).left(3.6).at(32).location("a", 1, 3, upThenDown).build();
    assertThat(stratus.decide(ample)).isInstanceOf(Decision.Wait.class);
    assertThat(stratus.decide(tight)).isInstanceOf(Decision.RunOnDemand.class);
  }

  @Test
  void picksTheOfferingWithTheLowerCostPerHourOfProgress() {
    var in =
        Inputs.job(4, 12)
            .left(2)
            .at(30)
            .location("dear", 3, 10, repeat(true, 40))
            .location("cheap", 1, 10, repeat(true, 40))
            .build();
    assertThat(((Decision.RunSpot) stratus.decide(in)).location()).isEqualTo("cheap");
  }

  @Test
  void aReclaimNoticeMovesTheJobElsewhere() {
    var in =
        Inputs.job(4, 12)
            .left(2)
            .at(30)
            .location("other", 1, 10, repeat(true, 40))
            .location("here", 1, 10, repeat(true, 40))
            .notice("here")
            .running("here", CapacityType.SPOT, 2)
            .build();
    assertThat(((Decision.RunSpot) stratus.decide(in)).location()).isEqualTo("other");
  }

  @Test
  void spotDearerThanOnDemandEverywhereIsNotTaken() {
    var in =
        Inputs.job(4, 12)
            .left(2)
            .at(30)
            .location("a", 12, 10, repeat(true, 40))
            .location("b", 11, 10, repeat(true, 40))
            .build();
    assertThat(stratus.decide(in)).isNotInstanceOf(Decision.RunSpot.class);
  }

  @Test
  void theSameInputGivesTheSameDecisionFromAFreshPolicy() {
    var in = Inputs.job(4, 6).at(12).location("a", 1, 3, repeat(true, 20)).build();
    assertThat(new StratusDeadlinePolicy().decide(in)).isEqualTo(stratus.decide(in));
    assertThat(stratus.decide(in)).isEqualTo(stratus.decide(in));
  }

  @Test
  void aJobOfDaysDecidesFromTheCoarseTableAndWaitsOutAShortOutage() {
    boolean[] upThenDown = repeat(true, 40);
    upThenDown[39] = false;
    var in = Inputs.job(100, 150).at(39).location("a", 1, 3, upThenDown).build();

    Decision d = stratus.decide(in);

    assertThat(d).isInstanceOf(Decision.Wait.class);
    assertThat(d.reason())
        .contains("43.5 h of slack over 861 ticks")
        .contains("unavailable for 1 step of PT1H (coarse table)");
  }

  @Test
  void waitsForTheCheapZoneWhileSlackIsAmpleRatherThanRunADearerOne() {
    boolean[] upThenDown = repeat(true, 40);
    upThenDown[30] = false;
    var in =
        Inputs.job(4, 24)
            .at(30)
            .location("cheap", 1, 10, upThenDown)
            .location("dear", 1.3, 10, repeat(true, 40))
            .build();

    Decision d = stratus.decide(in);

    assertThat(d).isInstanceOf(Decision.Wait.class);
    assertThat(d.reason()).contains("market of 1 offering(s) up to $1.00");
  }

  @Test
  void runsTheDearerZoneWhenTheCheapOneCannotGiveTheWorkInTime() {
    // Up one interval in six, and learnt so by the day's start: runs too short for a changeover.
    boolean[] flickers = new boolean[250];
    for (int i = 0; i < flickers.length; i += 6) {
      flickers[i] = true;
    }
    var in =
        Inputs.job(12, 60)
            .at(200)
            .location("cheap", 1, 10, flickers)
            .location("dear", 1.3, 10, repeat(true, 250))
            .build();

    assertThat(((Decision.RunSpot) stratus.decide(in)).location()).isEqualTo("dear");
  }

  @Test
  void anIdleJobFarFromItsDeadlineWaitsOutARunTooYoungToBeWorthAChangeover() {
    // Ten runs of one interval and five of thirty: a run that has just begun most likely ends now.
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 10; i++) {
      seen.append("100");
    }
    for (int i = 0; i < 5; i++) {
      seen.append("1".repeat(30)).append("00");
    }
    String justUp = seen + "1";
    String old = seen + "1".repeat(LifetimeModel.AGES);

    Decision young = stratus.decide(idleJobOfDays(justUp));
    Decision lasting = stratus.decide(idleJobOfDays(old));

    assertThat(young).isInstanceOf(Decision.Wait.class);
    assertThat(young.reason()).contains("a run old enough to be worth a changeover");
    assertThat(((Decision.RunSpot) lasting).location()).isEqualTo("a");
  }

  private static DecisionInput idleJobOfDays(String availability) {
    boolean[] a = new boolean[availability.length()];
    for (int i = 0; i < a.length; i++) {
      a[i] = availability.charAt(i) == '1';
    }
    return Inputs.job(60, 120)
        .at(a.length - 1)
        .location("a", 1, 10, a)
        .location("b", 2, 10, new boolean[a.length])
        .build();
  }
}
