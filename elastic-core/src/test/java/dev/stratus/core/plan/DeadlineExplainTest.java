package dev.stratus.core.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.policy.Explanation;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The planner's deadline decisions come with the policy's explanation, on demand. */
class DeadlineExplainTest {
  @Test
  void aRunningJobsDecisionIsExplainedWithTheDecisionTheControllerActedOn() {
    var t = new DeadlineMovesTest();
    t.runsOn(DeadlineMovesTest.ON_DEMAND, Duration.ofHours(1));
    t.done(Duration.ofHours(8));

    Action.DeadlineDecided decided =
        t.plan().stream()
            .filter(a -> a instanceof Action.DeadlineDecided)
            .map(a -> (Action.DeadlineDecided) a)
            .findFirst()
            .orElseThrow();

    Explanation e = decided.explain().get().orElseThrow();
    assertThat(decided.status().choice()).isEqualTo("move to spot");
    assertThat(e.choice()).isEqualTo("spot at " + decided.status().location());
    assertThat(decided.status().reason()).contains(e.decision().reason());
    // 10 h left to the deadline, 2 h of work: 8 h of slack over 60 ticks
    assertThat(e.ticksLeft()).isEqualTo(60);
    assertThat(e.slackHours()).isEqualTo(8.0);
    assertThat(e.running()).startsWith("on-demand at aws/");
    assertThat(e.zones()).singleElement().satisfies(z -> assertThat(z.available()).isTrue());
    // plans compare by decision: the explanation on demand is no part of the action's identity
    assertThat(decided).isEqualTo(new Action.DeadlineDecided(decided.status()));
  }
}
