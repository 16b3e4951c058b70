package dev.stratus.policy;

/**
 * Decides where a job with a deadline runs next. Implementations are pure: the decision depends on
 * the input only (a policy may memoise work derived from it), so the controller and the simulator
 * get the same answer for the same input.
 */
public interface DeadlinePolicy {
  /** A short stable name ({@code greedy}, {@code uniform-progress}, {@code stratus}). */
  String name();

  Decision decide(DecisionInput input);

  /**
   * Why {@link #decide} answers what it does for {@code input}: its decision (always the one {@code
   * decide} returns) with the facts it rests on. Costs a few decisions; for people, not for every
   * pass.
   */
  default Explanation explain(DecisionInput input) {
    return Explainer.of(input, decide(input), "");
  }
}
