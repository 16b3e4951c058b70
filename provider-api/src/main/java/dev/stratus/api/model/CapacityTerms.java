package dev.stratus.api.model;

import static dev.stratus.api.model.Checks.notNull;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * What limits how long a node of an offering may run, beyond Stratus's own choice: nothing
 * (on-demand, spot: a reclaim has no date), a reservation's window, or flex-start's maximum run
 * duration. The planner keeps a job off capacity it cannot finish on ({@link #fits}) and moves it
 * before the end ({@link #endsAt}).
 */
public sealed interface CapacityTerms {
  /** Whether work of {@code runtime} launched at {@code now} ends with {@code margin} to spare. */
  boolean fits(Instant now, Duration runtime, Duration margin);

  /** When a node launched at {@code launchedAt} on these terms is ended by the cloud, if ever. */
  Optional<Instant> endsAt(Instant launchedAt);

  /** On-demand and spot: no end known in advance. */
  record Open() implements CapacityTerms {
    @Override
    public boolean fits(Instant now, Duration runtime, Duration margin) {
      return true;
    }

    @Override
    public Optional<Instant> endsAt(Instant launchedAt) {
      return Optional.empty();
    }
  }

  /** A reservation's window: launches only while it is open, every node ended at its end. */
  record Reserved(CapacityReservation reservation) implements CapacityTerms {
    public Reserved {
      notNull("reservation", reservation);
    }

    @Override
    public boolean fits(Instant now, Duration runtime, Duration margin) {
      return reservation.fits(now, runtime, margin);
    }

    @Override
    public Optional<Instant> endsAt(Instant launchedAt) {
      return reservation.end().equals(Instant.MAX)
          ? Optional.empty()
          : Optional.of(reservation.end());
    }
  }

  /**
   * Flex-start: granted from the cloud's queue some time after the request, then runs at most
   * {@code maxRun} (GCE {@code scheduling.maxRunDuration}); the cloud deletes it at the end.
   */
  record Flex(Duration maxRun) implements CapacityTerms {
    public Flex {
      notNull("maxRun", maxRun);
      if (maxRun.isNegative() || maxRun.isZero()) {
        throw new IllegalArgumentException("flex maxRun must be > 0, got " + maxRun);
      }
    }

    @Override
    public boolean fits(Instant now, Duration runtime, Duration margin) {
      return runtime.plus(margin).compareTo(maxRun) <= 0;
    }

    @Override
    public Optional<Instant> endsAt(Instant launchedAt) {
      return Optional.of(launchedAt.plus(maxRun));
    }
  }

  CapacityTerms OPEN = new Open();
}
