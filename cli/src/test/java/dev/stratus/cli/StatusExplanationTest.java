package dev.stratus.cli;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.core.controller.DeadlineBoard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stratus status} shows why a deadline job is where it is, from the controller's file. */
class StatusExplanationTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

  @TempDir Path stateDir;

  @Test
  void aDeadlineJobShowsItsSlackOptionsZonesAndTheSafetyNet() throws Exception {
    Files.writeString(
        stateDir.resolve(DeadlineBoard.FILE),
        """
        {"jobs":[{"job":42,"choice":"spot","location":"gcp/us-east4/us-east4-a/a3","running":"",
          "reason":"deadline ...: stratus: 6.2 h of slack over 40 ticks; spot at us-east4-a",
          "submitted":"2026-11-21T06:00:00Z","deadline":"2026-11-21T18:40:00Z",
          "work_s":36000,"done_s":18000,"decided_at":"2026-11-21T12:00:00Z",
          "explanation":{
            "decision":{"kind":"spot","location":"gcp/us-east4/us-east4-a/a3",
              "reason":"6.2 h of slack over 40 ticks; spot at us-east4-a"},
            "slack_h":1.67,"ticks_left":40,"work_left_h":5.0,"running":"nothing",
            "proposal":"the fine slack table says spot (the market's spot available for 3 ticks)",
            "zones":[
              {"location":"gcp/us-east4/us-east4-a/a3","spot_usd_h":14.85,"on_demand_usd_h":82.53,
               "available":true,"age_ticks":12,"expected_h_left":50.9},
              {"location":"gcp/us-east5/us-east5-a/a3","spot_usd_h":16.73,"on_demand_usd_h":82.53,
               "available":false,"age_ticks":1,"expected_h_left":0.3}],
            "options":[
              {"kind":"spot","location":"gcp/us-east4/us-east4-a/a3","usd_per_work_h":15.31},
              {"kind":"on-demand","location":"gcp/us-east4/us-east4-a/a3","usd_per_work_h":85.83},
              {"kind":"wait","location":""}],
            "spare_ticks":8,"safety_net":false}}]}
        """);
    var o = offering("gcp", "us-east4-a", CapacityType.SPOT, "14.85");

    StatusReport report =
        StatusReport.of(
            "c",
            List.of(pool("gpu", 1, o)),
            List.of(),
            List.of(),
            DeadlineBoard.read(stateDir),
            NOW);

    assertThat(report.lines())
        .containsSubsequence(
            "  job 42       spot gcp/us-east4/us-east4-a/a3",
            "    why: deadline ...: stratus: 6.2 h of slack over 40 ticks; spot at us-east4-a",
            "    explained: spot at gcp/us-east4/us-east4-a/a3: 1.7 h of slack over 40 ticks, 5.0 h"
                + " of work left, runs on nothing",
            "      policy: the fine slack table says spot (the market's spot available for 3 ticks)",
            "      options ($ per hour of progress): spot at gcp/us-east4/us-east4-a/a3 15.31"
                + " (chosen), on-demand at gcp/us-east4/us-east4-a/a3 85.83, wait spends slack",
            "      zone gcp/us-east4/us-east4-a/a3: spot $14.85, available for 12 ticks or more,"
                + " about 50.9 h more expected",
            "      zone gcp/us-east5/us-east5-a/a3: spot $16.73, unavailable for 1 tick, about 0.3"
                + " h more expected",
            "      safety net: 8 ticks to spare before it sends the job to on-demand");
  }
}
