package dev.stratus.policy;

import static dev.stratus.policy.Inputs.repeat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import org.junit.jupiter.api.Test;

class BaselinePoliciesTest {
  private final Greedy greedy = new Greedy();
  private final UniformProgress up = new UniformProgress();

  @Test
  void greedyTakesSpotWhenAvailableAndWaitsWhenNot() {
    var on = Inputs.job(4, 6).location("a", 1, 3, repeat(true, 10)).build();
    var off = Inputs.job(4, 6).location("a", 1, 3, repeat(false, 10)).build();
    assertThat(greedy.decide(on)).isEqualTo(Decision.spot("a", "spot is available"));
    assertThat(greedy.decide(off)).isInstanceOf(Decision.Wait.class);
  }

  @Test
  void theSafetyNetSendsAnIdleJobOnDemandWhenTwoChangeoversWouldNotFit() {
    // 4 h of work + 2 x 0.2 h = 26.4 -> 27 ticks of 10 min; 4.5 h leaves 27 ticks.
    var in = Inputs.job(4, 4.5).location("a", 1, 3, repeat(false, 10)).build();
    for (DeadlinePolicy p : new DeadlinePolicy[] {greedy, up, new StratusDeadlinePolicy()}) {
      Decision d = p.decide(in);
      assertThat(d).isInstanceOf(Decision.RunOnDemand.class);
      assertThat(d.reason()).startsWith("safety net");
    }
  }

  @Test
  void theSafetyNetKeepsASpotInstancePastItsChangeoverAtTheEdge() {
    // Running spot since tick 0, now tick 6 (changeover done); 3.1 h left + 0.2 h = 19.8 -> 20
    // ticks, and (6 h - 1 h) leaves 30: no edge yet. With 4.1 h left, 4.3 h -> 26 of 30 ticks.
    var in =
        Inputs.job(5, 6)
            .left(4.8)
            .at(6)
            .location("a", 1, 3, repeat(true, 10))
            .running("a", CapacityType.SPOT, 0)
            .build();
    for (DeadlinePolicy p : new DeadlinePolicy[] {greedy, up, new StratusDeadlinePolicy()}) {
      assertThat(p.decide(in)).isInstanceOf(Decision.RunSpot.class);
    }
  }

  @Test
  void greedyAndUniformProgressStayWhereTheyRunThenPickTheCheapestSpot() {
    var staying =
        Inputs.job(4, 8)
            .at(3)
            .location("dear", 2, 3, repeat(true, 10))
            .location("cheap", 1, 3, repeat(true, 10))
            .running("dear", CapacityType.SPOT, 0)
            .build();
    var fresh =
        Inputs.job(4, 8)
            .location("dear", 2, 3, repeat(true, 10))
            .location("cheap", 1, 3, repeat(true, 10))
            .build();
    assertThat(((Decision.RunSpot) greedy.decide(staying)).location()).isEqualTo("dear");
    assertThat(((Decision.RunSpot) greedy.decide(fresh)).location()).isEqualTo("cheap");
    assertThat(((Decision.RunSpot) up.decide(fresh)).location()).isEqualTo("cheap");
  }

  @Test
  void uniformProgressGoesOnDemandWhenBehindWithoutSpotAndWaitsWhenAhead() {
    // At 1 h of a 6 h deadline, expected progress is 4 h x 1/6 = 0.67 h.
    var behind = Inputs.job(4, 6).left(3.5).at(6).location("a", 1, 3, repeat(false, 10)).build();
    var ahead = Inputs.job(4, 6).left(3.0).at(6).location("a", 1, 3, repeat(false, 10)).build();
    assertThat(up.decide(behind)).isInstanceOf(Decision.RunOnDemand.class);
    assertThat(up.decide(ahead)).isInstanceOf(Decision.Wait.class);
  }

  @Test
  void uniformProgressHysteresisKeepsOnDemandUntilAheadOfTwoChangeovers() {
    // At 1 h, ep(t + 2d) = 4 x 1.4 / 6 = 0.93 h: 0.9 h done is not enough, 1 h done is.
    var notYet =
        Inputs.job(4, 6)
            .left(3.1)
            .at(6)
            .location("a", 1, 3, repeat(true, 10))
            .running("a", CapacityType.ON_DEMAND, 0)
            .build();
    var enough =
        Inputs.job(4, 6)
            .left(3.0)
            .at(6)
            .location("a", 1, 3, repeat(true, 10))
            .running("a", CapacityType.ON_DEMAND, 0)
            .build();
    assertThat(up.decide(notYet)).isInstanceOf(Decision.RunOnDemand.class);
    assertThat(up.decide(enough)).isInstanceOf(Decision.RunSpot.class);
  }

  @Test
  void aJobWithNoWorkLeftWaits() {
    var done = Inputs.job(4, 6).left(0).location("a", 1, 3, repeat(true, 3)).build();
    assertThat(greedy.decide(done)).isInstanceOf(Decision.Wait.class);
    assertThat(up.decide(done)).isInstanceOf(Decision.Wait.class);
    assertThat(new StratusDeadlinePolicy().decide(done)).isInstanceOf(Decision.Wait.class);
  }
}
