package dev.stratus.core.standby;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.standby.Leadership.Change;
import dev.stratus.core.standby.SlurmctldPing.Slurmctld;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.threeten.extra.MutableClock;

/** Two controllers, beside slurmctlds "ctla" (primary) and "ctlb" (backup), on one lease. */
class LeadershipTest {
  static final Duration LEASE = Duration.ofSeconds(15);
  static final Duration RENEW = Duration.ofSeconds(3);

  @TempDir Path dir;
  final MutableClock clock = MutableClock.of(Instant.parse("2026-11-25T00:00:00Z"), ZoneOffset.UTC);
  Leadership a;
  Leadership b;

  @BeforeEach
  void twoControllers() {
    a = leadership("ctla");
    b = leadership("ctlb");
  }

  Leadership leadership(String host) {
    return new Leadership(new FileLease(dir, host + "/1", LEASE, RENEW, clock), host, LEASE);
  }

  static Optional<SlurmctldPing> ping(boolean primaryUp, boolean backupUp) {
    return Optional.of(
        new SlurmctldPing(
            List.of(
                new Slurmctld("primary", "ctla", primaryUp),
                new Slurmctld("backup", "ctlb", backupUp))));
  }

  @Test
  void theControllerBesideThePrimaryActsAndTheOtherWatches() {
    assertThat(a.look(ping(true, true))).isEqualTo(Change.BECAME_ACTIVE);
    assertThat(b.look(ping(true, true))).isEqualTo(Change.NONE);

    assertThat(a.term()).hasValue(1);
    assertThat(b.term()).isEmpty();
  }

  @Test
  void whicheverStartsFirstTheLeaseEndsUpBesideThePrimaryWithinTwoLooks() {
    assertThat(b.look(ping(true, true))).isEqualTo(Change.BECAME_ACTIVE); // never held: free
    a.look(ping(true, true));
    assertThat(b.look(ping(true, true))).isEqualTo(Change.STEPPED_DOWN);
    assertThat(a.look(ping(true, true))).isEqualTo(Change.BECAME_ACTIVE);

    assertThat(a.term()).hasValue(2);
    assertThat(b.term()).isEmpty();
  }

  @Test
  void whenTheActiveOneStopsTheOtherTakesOverOneLeasePlusItsPatienceLater() {
    a.look(ping(true, true));
    clock.add(LEASE.plus(LEASE).minusSeconds(1)); // a died; its slurmctld still answers
    assertThat(b.look(ping(true, true))).isEqualTo(Change.NONE);

    clock.add(Duration.ofSeconds(1));
    assertThat(b.look(ping(true, true))).isEqualTo(Change.BECAME_ACTIVE);
    assertThat(b.term()).hasValue(2);
    assertThat(a.look(ping(true, true))).isEqualTo(Change.NONE);
    assertThat(a.term()).isEmpty(); // the old leader came back: it claims, it does not act
  }

  @Test
  void whenThePrimaryMachineIsLostTheBackupSideTakesOverAsSoonAsTheLeaseExpires() {
    a.look(ping(true, true));
    clock.add(LEASE);

    assertThat(b.look(ping(false, true))).isEqualTo(Change.BECAME_ACTIVE);
    assertThat(a.holds(1)).isFalse();
  }

  @Test
  void theActiveBackupSideHandsOverOnceThePrimarySideAsksForTheLease() {
    b.look(ping(false, true)); // the primary's machine was down: b took over
    a.look(ping(false, true));
    assertThat(b.term()).isPresent();

    clock.add(RENEW);
    a.look(ping(true, true)); // the primary is back and in control: a asks
    assertThat(b.look(ping(true, true))).isEqualTo(Change.STEPPED_DOWN);
    clock.add(RENEW);
    assertThat(a.look(ping(true, true))).isEqualTo(Change.BECAME_ACTIVE);
    assertThat(a.term()).hasValue(2);
  }

  @Test
  void withoutAnAnswerFromScontrolTheHolderKeepsRenewing() {
    a.look(ping(true, true));
    for (int i = 0; i < 10; i++) {
      clock.add(RENEW);
      assertThat(a.look(Optional.empty())).isEqualTo(Change.NONE);
      assertThat(b.look(Optional.empty())).isEqualTo(Change.NONE);
    }

    assertThat(a.term()).hasValue(1);
    assertThat(b.term()).isEmpty();
  }

  @Test
  void neverDoBothHoldATermAtOnce() {
    // a stops looking at step 7 and comes back at 20; b looks throughout; primary always up
    for (int step = 0; step < 40; step++) {
      if (step < 7 || step > 20) {
        a.look(ping(true, true));
      }
      b.look(ping(true, true));
      assertThat(a.term().isPresent() && b.term().isPresent()).as("step " + step).isFalse();
      clock.add(RENEW);
    }
  }
}
