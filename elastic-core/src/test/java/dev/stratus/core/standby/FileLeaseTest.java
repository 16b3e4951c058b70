package dev.stratus.core.standby;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.threeten.extra.MutableClock;

class FileLeaseTest {
  static final Duration LEASE = Duration.ofSeconds(15);
  static final Duration GUARD = Duration.ofSeconds(3);

  @TempDir Path dir;
  final MutableClock clock = MutableClock.of(Instant.parse("2026-11-25T00:00:00Z"), ZoneOffset.UTC);
  FileLease a;
  FileLease b;

  @BeforeEach
  void twoControllers() {
    a = lease("a");
    b = lease("b");
  }

  FileLease lease(String holder) {
    return new FileLease(dir, holder, LEASE, GUARD, clock);
  }

  @Test
  void theFirstTakerHoldsEpochOneAndTheOtherCannotTakeItWhileItLasts() {
    assertThat(a.acquire(Duration.ZERO)).isTrue();
    clock.add(Duration.ofSeconds(14));

    assertThat(b.acquire(Duration.ZERO)).isFalse();
    assertThat(a.term()).isEmpty(); // within the guard of its expiry: a stops acting already
    assertThat(b.term()).isEmpty();
    assertThat(a.read())
        .get()
        .extracting(LeaseRecord::holder, LeaseRecord::epoch)
        .containsExactly("a", 1L);
  }

  @Test
  void renewalKeepsTheEpochAndPushesTheExpiryOn() {
    a.acquire(Duration.ZERO);
    for (int i = 0; i < 10; i++) {
      clock.add(GUARD);
      assertThat(a.renew()).isTrue();
      assertThat(b.acquire(Duration.ZERO)).isFalse();
    }

    assertThat(a.term()).hasValue(1);
    assertThat(a.read().orElseThrow().expiresAt()).isEqualTo(clock.instant().plus(LEASE));
  }

  @Test
  void anExpiredLeaseIsTakenWithTheNextEpochAndTheOldHoldersRenewalFails() {
    a.acquire(Duration.ZERO);
    clock.add(LEASE);

    assertThat(b.acquire(Duration.ZERO)).isTrue();
    assertThat(b.term()).hasValue(2);
    assertThat(a.renew()).isFalse();
    assertThat(a.term()).isEmpty();
    assertThat(a.holds(1)).isFalse();
  }

  @Test
  void aPausedLeaderThatResumesAfterTheTakeoverHoldsNoTermEvenBeforeItLooksAtTheFile() {
    a.acquire(Duration.ZERO);
    long term = a.term().orElseThrow();
    clock.add(LEASE.plusSeconds(1)); // a was stopped (GC, SIGSTOP) past its lease
    b.acquire(Duration.ZERO);

    assertThat(a.holds(term)).isFalse(); // its own expiry fences it, no I/O needed
    assertThat(b.holds(2)).isTrue();
    assertThat(b.holds(term)).isFalse();
  }

  @Test
  void aLeaderPausedPastItsLeaseThatNobodyTookRenewsInTheSameEpoch() {
    a.acquire(Duration.ZERO);
    clock.add(LEASE.multipliedBy(3));

    assertThat(a.renew()).isTrue();
    assertThat(a.term()).hasValue(1);
  }

  @Test
  void aTakerWithPatienceWaitsThatMuchPastTheExpiry() {
    a.acquire(Duration.ZERO);
    clock.add(LEASE.plus(Duration.ofSeconds(10)));
    assertThat(b.acquire(LEASE)).isFalse();

    clock.add(Duration.ofSeconds(5));
    assertThat(b.acquire(LEASE)).isTrue();
  }

  @Test
  void aReleasedLeaseIsFreeAtOnceAndTheNextHolderGetsTheNextEpoch() {
    a.acquire(Duration.ZERO);
    a.release();

    assertThat(a.term()).isEmpty();
    assertThat(b.acquire(Duration.ZERO)).isTrue();
    assertThat(b.term()).hasValue(2);
  }

  @Test
  void aClaimIsSeenByTheHolderAndDoesNotChangeWhoHoldsIt() {
    a.acquire(Duration.ZERO);
    b.claim();

    assertThat(a.claimedByAnother(LEASE)).isTrue();
    assertThat(a.term()).hasValue(1);
    clock.add(LEASE);
    assertThat(a.claimedByAnother(LEASE)).isFalse(); // an old claim is forgotten
  }

  @Test
  void theLeaseFileSurvivesItsReaderAndAnotherProcessReadsTheSameHolder() {
    a.acquire(Duration.ZERO);

    assertThat(lease("c").read()).contains(a.read().orElseThrow());
  }

  @Test
  void aLeaseFileThatIsNotALeaseIsAnErrorNamingTheFile() throws IOException {
    Files.writeString(dir.resolve(FileLease.FILE), "{\"who\": 1}");

    assertThatThrownBy(() -> a.acquire(Duration.ZERO))
        .hasMessageContaining(dir.resolve(FileLease.FILE).toString())
        .hasMessageContaining("not a lease");
    assertThat(a.term()).isEmpty();
  }
}
