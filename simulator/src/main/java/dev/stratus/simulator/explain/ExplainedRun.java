package dev.stratus.simulator.explain;

import dev.stratus.policy.DeadlinePolicy;
import dev.stratus.policy.Decision;
import dev.stratus.policy.DecisionInput;
import dev.stratus.policy.Explanation;
import dev.stratus.simulator.engine.TickEngine;
import dev.stratus.simulator.run.JobSpec;
import dev.stratus.simulator.run.SampleResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One sample replayed with every decision explained: the policy's {@link Explanation} at each tick
 * it decided (hours since the job's start), and the sample's result. The replay runs the job alone
 * (blocks all its own) through the same engine, and explaining never changes a decision, so the
 * result is the policy's on that sample.
 */
public record ExplainedRun(String policy, List<Step> steps, SampleResult result) {
  /** One decision: when (hours since the job's start) and why. */
  public record Step(double hour, Explanation explanation) {}

  public static ExplainedRun replay(
      TickEngine engine, DeadlinePolicy policy, JobSpec job, int startTick) {
    List<Step> steps = new ArrayList<>();
    DeadlinePolicy recording =
        new DeadlinePolicy() {
          @Override
          public String name() {
            return policy.name();
          }

          @Override
          public Decision decide(DecisionInput in) {
            Explanation e = policy.explain(in);
            double ms = Duration.between(in.job().start(), in.now()).toMillis();
            steps.add(new Step(ms / 3_600_000, e));
            return e.decision();
          }
        };
    SampleResult result = engine.run(recording, job, startTick);
    return new ExplainedRun(policy.name(), steps, result);
  }
}
