package dev.stratus.core.config;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * How the controller places jobs that have a deadline (stratus.yaml {@code deadlines:} and each
 * pool's {@code deadline:}). {@code policy}: {@code stratus}, {@code uniform-progress}, {@code
 * greedy}, or {@code off} (launches keep the pools' spot policies). {@code interval}: the policy's
 * decision interval (its ticks; spot availability changes over minutes, not passes). {@code
 * changeover}: what a new instance costs before the job progresses again (boot, registration,
 * restore from checkpoint). {@code poolDefaults}: a pool's default deadline, after a job's
 * submission, for jobs submitted without {@code --deadline}.
 */
public record DeadlineSettings(
    String policy, Duration interval, Duration changeover, Map<String, Duration> poolDefaults) {
  public static final List<String> POLICIES =
      List.of("stratus", "uniform-progress", "greedy", "off");

  public static final DeadlineSettings DEFAULTS =
      new DeadlineSettings("stratus", Duration.ofMinutes(10), Duration.ofMinutes(12), Map.of());

  public DeadlineSettings {
    if (!POLICIES.contains(policy)) {
      throw new IllegalArgumentException(
          "deadlines.policy must be one of " + String.join(", ", POLICIES) + ", got " + policy);
    }
    if (interval.isNegative() || interval.isZero() || changeover.isNegative()) {
      throw new IllegalArgumentException(
          "deadlines.interval must be > 0 and deadlines.changeover >= 0");
    }
    poolDefaults = Map.copyOf(poolDefaults);
  }

  static DeadlineSettings read(Fields root, Map<String, Duration> poolDefaults) {
    return root.section("deadlines", "policy", "interval", "changeover")
        .map(
            f ->
                ConfigLoader.build(
                    f,
                    () ->
                        new DeadlineSettings(
                            f.string("policy", DEFAULTS.policy()),
                            f.duration("interval", DEFAULTS.interval()),
                            f.duration("changeover", DEFAULTS.changeover()),
                            poolDefaults)))
        .orElseGet(
            () ->
                new DeadlineSettings(
                    DEFAULTS.policy(), DEFAULTS.interval(), DEFAULTS.changeover(), poolDefaults));
  }
}
