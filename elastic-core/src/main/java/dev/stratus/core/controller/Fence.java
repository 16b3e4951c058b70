package dev.stratus.core.controller;

import java.util.OptionalLong;

/**
 * Whether this controller may act, and for how long: with a standby controller, the lease's fencing
 * token. A pass or notice run takes the {@link #term} it starts in and checks {@link #holds} before
 * each act, and so does each cloud task before its call and before acting on its end, so a
 * controller that lost the lease while paused acts on nothing it planned before.
 */
public interface Fence {
  /** A controller acting alone: always in its one term. */
  Fence OPEN =
      new Fence() {
        @Override
        public OptionalLong term() {
          return OptionalLong.of(0);
        }

        @Override
        public boolean holds(long term) {
          return true;
        }
      };

  /** The term this controller may act in now, or empty while it only watches. */
  OptionalLong term();

  /** True while {@code term} is still this controller's to act in. */
  boolean holds(long term);
}
