package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.core.testing.Fixtures;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the controller remembers of the terminations it asked for, until a listing settles it. */
class InFlightWorkTest {
  final InFlightWork work = new InFlightWork();

  static Instance alive(String id) {
    return new Instance(
        id,
        Fixtures.offering("fake", "a", CapacityType.SPOT, "30").key(),
        InstanceState.RUNNING,
        Instant.parse("2026-11-21T12:00:00Z"),
        "",
        Map.of());
  }

  @Test
  void aFailedTerminationIsToBeTriedAgainUntilOneIsAccepted() {
    work.terminationStarted("fake", List.of("i-1"));
    assertThat(work.snapshot().terminateAgain("i-1")).as("in flight").isFalse();
    assertThat(work.snapshot().leaving("i-1")).isTrue();

    work.terminationEnded(List.of("i-1"), false);
    assertThat(work.snapshot().terminateAgain("i-1")).isTrue();
    assertThat(work.snapshot().leaving("i-1")).isTrue();

    work.terminationStarted("fake", List.of("i-1"));
    work.terminationEnded(List.of("i-1"), true);
    assertThat(work.snapshot().terminateAgain("i-1")).isFalse();
    assertThat(work.snapshot().leaving("i-1")).as("until a listing no longer shows it").isTrue();
  }

  @Test
  void aReleasedInstanceIsForgottenOnceAListingOfItsProviderNoLongerShowsItAlive() {
    work.terminationStarted("fake", List.of("i-1"));
    work.terminationEnded(List.of("i-1"), false);

    work.listed(List.of(alive("i-1")), Set.of());
    assertThat(work.snapshot().leaving("i-1")).as("still listed alive").isTrue();
    work.listed(List.of(), Set.of("fake"));
    assertThat(work.snapshot().leaving("i-1")).as("its provider was not listed").isTrue();

    work.listed(List.of(alive("i-2")), Set.of());
    assertThat(work.snapshot().leaving("i-1")).isFalse();
    assertThat(work.snapshot().terminateAgain("i-1")).isFalse();
  }

  @Test
  void anInstanceWhoseTerminationIsInFlightIsNotForgottenByAListingThatMissedIt() {
    work.terminationStarted("fake", List.of("i-1"));

    work.listed(List.of(), Set.of());

    assertThat(work.snapshot().leaving("i-1")).isTrue();
  }
}
