package dev.stratus.core.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReservationCommandsTest {
  final ReservationCommands utc = new ReservationCommands(ZoneId.of("UTC"));

  @Test
  void parsesTheOneLineFormOfScontrolShowReservation() {
    // the shape of `scontrol -o show reservation` on 22.05 (one line per reservation)
    String out =
        "ReservationName=stratus_block_after StartTime=2026-11-21T14:00:00"
            + " EndTime=2027-11-21T14:00:00 Duration=365-00:00:00 Nodes=block-[001-002] NodeCnt=2"
            + " CoreCnt=384 Features=(null) PartitionName=(null) Flags=MAINT,IGNORE_JOBS,SPEC_NODES"
            + " TRES=cpu=384 Users=root Groups=(null) Accounts=(null) Licenses=(null) State=INACTIVE"
            + " BurstBuffer=(null) Watts=n/a MaxStartDelay=(null)\n"
            + "ReservationName=ops StartTime=2026-11-21T12:00:00 EndTime=2026-11-21T13:00:00"
            + " Duration=01:00:00 Nodes=gpu-001 NodeCnt=1 Flags=(null) Users=alice State=ACTIVE\n";

    assertThat(utc.parse(out))
        .containsExactly(
            new SlurmReservation(
                "stratus_block_after",
                Instant.parse("2026-11-21T14:00:00Z"),
                Instant.parse("2027-11-21T14:00:00Z"),
                "block-[001-002]",
                Set.of("MAINT", "IGNORE_JOBS", "SPEC_NODES")),
            new SlurmReservation(
                "ops",
                Instant.parse("2026-11-21T12:00:00Z"),
                Instant.parse("2026-11-21T13:00:00Z"),
                "gpu-001",
                Set.of()));
    assertThat(utc.parse("No reservations in the system\n")).isEmpty();
  }

  @Test
  void aReservationStartingNowIsCreatedFromNowInSlurmsLocalTime() {
    Instant now = Instant.parse("2026-11-21T12:00:00.400Z");
    var r =
        new SlurmReservation(
            "stratus_block_closed",
            now,
            Instant.parse("2027-11-21T12:00:00Z"),
            "block-[001-002]",
            Set.of("MAINT", "IGNORE_JOBS"));

    assertThat(new ReservationCommands(ZoneId.of("Europe/Berlin")).create(r, now))
        .containsExactly(
            "create",
            "reservation",
            "ReservationName=stratus_block_closed",
            "StartTime=now",
            "EndTime=2027-11-21T13:00:00",
            "Nodes=block-[001-002]",
            "Users=root",
            "Flags=IGNORE_JOBS,MAINT");
    assertThat(utc.update(r, true))
        .isEqualTo(
            List.of(
                "update",
                "ReservationName=stratus_block_closed",
                "EndTime=2027-11-21T12:00:00",
                "Nodes=block-[001-002]"));
  }
}
