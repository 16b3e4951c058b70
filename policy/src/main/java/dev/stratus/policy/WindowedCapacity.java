package dev.stratus.policy;

/**
 * The choices every policy here makes before its Safety Net when the input offers capacity with a
 * window: reserved blocks first ({@link BlockRule}), then flex-start ({@link FlexRule}), else the
 * policy's own proposal (spot, on-demand or wait). Without blocks or flex offers the proposal
 * passes unchanged.
 */
final class WindowedCapacity {
  private WindowedCapacity() {}

  static Decision choose(DecisionInput in, Schedule s, Decision proposed) {
    if (in.blocks().isEmpty() && in.flex().isEmpty()) {
      return proposed;
    }
    return BlockRule.choose(in, s).or(() -> FlexRule.choose(in, s, proposed)).orElse(proposed);
  }
}
