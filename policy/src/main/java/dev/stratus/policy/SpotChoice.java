package dev.stratus.policy;

import java.util.Optional;

/** Where the baselines run spot: where they are (Exploitation Rule), else the cheapest. */
final class SpotChoice {
  private SpotChoice() {}

  static Optional<String> stickyCheapest(DecisionInput in) {
    return in.usableSpot()
        .map(Placement::location)
        .or(() -> in.cheapestUsableSpot().map(LocationView::location));
  }
}
