package dev.stratus.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.wire.InterruptionNotice;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GcpNoticesTest {
  static final Instant SEEN = Instant.parse("2026-11-21T12:00:00Z");

  @Test
  void preemptedTrueIsAReclaimThirtySecondsAfterItWasSeen() {
    // As the Compute Engine docs show it: curl .../instance/preempted -H "Metadata-Flavor: Google"
    // prints TRUE (the server ends the value without a newline; one is tolerated).
    var n = GcpNotices.preempted("node-1", "TRUE\n", SEEN).orElseThrow();

    assertThat(n.kind()).isEqualTo(InterruptionNotice.Kind.RECLAIM);
    assertThat(n.deadline()).isEqualTo(SEEN.plusSeconds(30));
    assertThat(n.instanceId()).isEqualTo("node-1");
  }

  @Test
  void preemptedFalseIsNoNotice() {
    assertThat(GcpNotices.preempted("node-1", "FALSE", SEEN)).isEmpty();
  }

  @Test
  void terminateOnHostMaintenanceIsAMaintenanceNoticeSixtySecondsOut() {
    var n =
        GcpNotices.maintenanceEvent("node-1", "TERMINATE_ON_HOST_MAINTENANCE", SEEN).orElseThrow();

    assertThat(n.kind()).isEqualTo(InterruptionNotice.Kind.MAINTENANCE);
    assertThat(n.deadline()).isEqualTo(SEEN.plusSeconds(60));
  }

  @ParameterizedTest
  @ValueSource(strings = {"NONE", "MIGRATE_ON_HOST_MAINTENANCE"})
  void noMaintenanceOrALiveMigrationIsNoNotice(String value) {
    assertThat(GcpNotices.maintenanceEvent("node-1", value, SEEN)).isEmpty();
  }

  @Test
  void anUnknownPreemptedValueIsRefusedByName() {
    assertThatThrownBy(() -> GcpNotices.preempted("node-1", "yes", SEEN))
        .isInstanceOf(NoticeFormatException.class)
        .hasMessage("bad gcp instance/preempted: field 'value' 'yes' is neither TRUE nor FALSE");
  }

  @Test
  void anEmptyOrUnknownMaintenanceValueIsRefusedByName() {
    assertThatThrownBy(() -> GcpNotices.maintenanceEvent("node-1", "", SEEN))
        .hasMessage("bad gcp instance/maintenance-event: field 'value' is empty");
    assertThatThrownBy(() -> GcpNotices.maintenanceEvent("node-1", "<html>", SEEN))
        .isInstanceOf(NoticeFormatException.class)
        .hasMessageContaining("'<html>' is not one of NONE");
  }
}
