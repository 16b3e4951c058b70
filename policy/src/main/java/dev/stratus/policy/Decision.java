package dev.stratus.policy;

/**
 * What a policy wants for the next interval, with a reason a person can read. The reason does not
 * name the policy: the planner puts its name in front ({@code DeadlineAsk}).
 */
public sealed interface Decision {
  String reason();

  /** Run on spot at {@code location} (keep the instance there, or launch one). */
  record RunSpot(String location, String reason) implements Decision {}

  /** Run on on-demand at {@code location} (keep the instance there, or launch one). */
  record RunOnDemand(String location, String reason) implements Decision {}

  /** Run nowhere for now (release any instance); the deadline still allows waiting. */
  record Wait(String reason) implements Decision {}

  /**
   * Run on the reserved block {@code block} ({@link BlockView#id}): keep the job's instances there,
   * or launch into it. Only asked for when the input offers the block.
   */
  record RunReserved(String block, String reason) implements Decision {}

  /**
   * Flex-start at {@code offer} ({@link FlexView#id}): keep the granted instance, keep the pending
   * request (the job waits in the queue, running nowhere), or make the request. Only asked for when
   * the input offers it.
   */
  record RunFlex(String offer, String reason) implements Decision {}

  static Decision spot(String location, String reason) {
    return new RunSpot(location, reason);
  }

  static Decision onDemand(String location, String reason) {
    return new RunOnDemand(location, reason);
  }

  static Decision waiting(String reason) {
    return new Wait(reason);
  }

  static Decision reserved(String block, String reason) {
    return new RunReserved(block, reason);
  }

  static Decision flex(String offer, String reason) {
    return new RunFlex(offer, reason);
  }
}
