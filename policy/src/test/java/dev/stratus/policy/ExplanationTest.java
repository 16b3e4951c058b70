package dev.stratus.policy;

import static dev.stratus.policy.Inputs.repeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.stratus.api.model.CapacityType;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ExplanationTest {
  private final StratusDeadlinePolicy stratus = new StratusDeadlinePolicy();

  @Test
  void explainingNeverChangesTheDecisionOfAnyPolicy() {
    Random random = new Random(29);
    List<DeadlinePolicy> policies = List.of(stratus, new Greedy(), new UniformProgress());
    for (int i = 0; i < 300; i++) {
      DecisionInput in = randomInput(random);
      for (DeadlinePolicy p : policies) {
        Explanation e = p.explain(in);
        assertThat(e.decision()).as(p.name() + " on input " + i).isEqualTo(p.decide(in));
        assertThat(e.ticksLeft()).isEqualTo(Schedule.of(in).ticksLeft());
        assertThat(e.zones()).hasSize(in.locations().size());
      }
    }
  }

  @Test
  void statesTheJobsSlackTheZonesAndTheOptionsItChoseFrom() {
    var in =
        Inputs.job(4, 12)
            .left(2)
            .at(30)
            .location("dear", 3, 10, repeat(true, 40))
            .location("cheap", 1, 10, repeat(true, 40))
            // dearer than cheap: a cheaper zone, even one never seen up, may be worth waiting for
            .location("down", 1.5, 10, repeat(false, 40))
            .build();
    Explanation e = stratus.explain(in);
    // 12 h deadline, 5 h gone: 42 ticks of 10 minutes, 7 h less 2 h of work.
    assertThat(e.ticksLeft()).isEqualTo(42);
    assertThat(e.slackHours()).isCloseTo(5.0, within(1e-9));
    assertThat(e.workLeftHours()).isCloseTo(2.0, within(1e-9));
    assertThat(e.running()).isEqualTo("nothing");
    assertThat(e.choice()).isEqualTo("spot at cheap");
    // the cheapest market that can give the work answered: cheap alone
    assertThat(e.proposal())
        .isEqualTo(
            "the fine slack table in the market of 1 offering(s) up to $1.00 says spot (the"
                + " market's spot available for 12 ticks or more)");
    assertThat(e.zones())
        .extracting(Explanation.Zone::location)
        .containsExactly("dear", "cheap", "down");
    assertThat(e.zones())
        .extracting(Explanation.Zone::available)
        .containsExactly(true, true, false);
    assertThat(e.zones().get(0).ageTicks()).isEqualTo(LifetimeModel.AGES);
    assertThat(e.options())
        .extracting(Explanation.Option::label)
        .containsExactly("spot at cheap", "spot at dear", "on-demand at dear", "wait");
    assertThat(e.options().get(0).usdPerWorkHour().getAsDouble())
        .isLessThan(e.options().get(1).usdPerWorkHour().getAsDouble());
    // on-demand: $10 an hour, its changeover of 0.2 h spread over 2 h of work
    assertThat(e.options().get(2).usdPerWorkHour().getAsDouble()).isCloseTo(11.0, within(1e-9));
    assertThat(e.safetyNet()).isFalse();
    // two changeovers and 2 h of work need 15 of the 42 ticks
    assertThat(e.spareTicks()).isEqualTo(42 - 15);
    assertThat(e.lines().get(0))
        .isEqualTo(
            "spot at cheap: 5.0 h of slack over 42 ticks, 2.0 h of work left, runs on nothing");
    assertThat(String.join("\n", e.lines()))
        .contains("(chosen)")
        .contains("zone down: spot $1.50, unavailable for 12 ticks or more");
  }

  @Test
  void saysWhenTheSafetyNetDecided() {
    boolean[] down = repeat(false, 40);
    var in =
        Inputs.job(4, 6)
            .left(3.5)
            .at(12)
            .location("a", 1, 3, down)
            .running("a", CapacityType.ON_DEMAND, 10)
            .build();
    Explanation e = stratus.explain(in);
    assertThat(e.decision()).isInstanceOf(Decision.RunOnDemand.class);
    assertThat(e.safetyNet()).isTrue();
    assertThat(e.spareTicks()).isZero();
    assertThat(e.running()).startsWith("on-demand at a");
    assertThat(e.lines()).last().asString().startsWith("  safety net: decided this (safety net:");
  }

  @Test
  void theExpectedRunLeftFollowsTheLifetimeModel() {
    Duration tick = Duration.ofMinutes(10);
    LifetimeModel prior = LifetimeModel.fit(AvailabilityHistory.empty(), tick);
    // with no history, every age has the prior's chance 1 - 10 min / 4 h of lasting a tick more
    double p = 1 - 10.0 / 240;
    assertThat(Explainer.expectedTicksLeft(prior, true, 1)).isCloseTo(p / (1 - p), within(1e-6));
    assertThat(Explainer.expectedTicksLeft(prior, true, 30)).isCloseTo(p / (1 - p), within(1e-6));
    double q = 1 - 10.0 / 60;
    assertThat(Explainer.expectedTicksLeft(prior, false, 3)).isCloseTo(q / (1 - q), within(1e-6));
  }

  private static DecisionInput randomInput(Random r) {
    int ticks = 36 + r.nextInt(36);
    double deadline = ticks / 6.0;
    double total = deadline * (0.3 + 0.6 * r.nextDouble());
    int at = r.nextInt(ticks - 1);
    double left = Math.max(0, total - at / 6.0 * r.nextDouble());
    Inputs b =
        Inputs.job(total, deadline).left(left).at(at).changeover(r.nextBoolean() ? 0.1 : 0.2);
    int zones = 1 + r.nextInt(3);
    for (int z = 0; z < zones; z++) {
      boolean[] up = new boolean[ticks];
      boolean state = r.nextBoolean();
      for (int t = 0; t < ticks; t++) {
        state = r.nextDouble() < 0.15 ? !state : state;
        up[t] = state;
      }
      b.location("z" + z, 1 + r.nextInt(3), 4, up);
    }
    if (at > 0 && r.nextBoolean()) {
      CapacityType c = r.nextBoolean() ? CapacityType.SPOT : CapacityType.ON_DEMAND;
      b.running("z" + r.nextInt(zones), c, r.nextInt(at));
    }
    return b.build();
  }
}
