package dev.stratus.core.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.ReservationState;
import dev.stratus.api.model.Tags;
import dev.stratus.core.config.WindowSettings;
import dev.stratus.core.render.BlockWindows;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.slurm.SlurmReservation;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.core.testing.Snapshots;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolRequest;
import dev.stratus.wire.InterruptionNotice;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Windowed capacity: who fits on a block, what moves before its end, what Slurm must hold. */
class WindowPlannerTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final Instant END = NOW.plus(Duration.ofHours(2));

  static CapacityReservation block(ReservationState state, Instant start, Instant end) {
    return new CapacityReservation(
        "cr-1", "fake", "region-1", "a", "p5.48xlarge", start, end, 2, state, Optional.empty());
  }

  static Offering reserved(CapacityReservation r) {
    return new Offering(
        new OfferingKey("fake", "region-1", "a", "p5.48xlarge", CapacityType.RESERVED, r.id()),
        "h100",
        8,
        192,
        2_048_000,
        new BigDecimal("98"),
        PriceOrigin.CONFIGURED,
        new CapacityTerms.Reserved(r));
  }

  static final Offering OPEN_BLOCK =
      reserved(block(ReservationState.ACTIVE, NOW.minus(Duration.ofHours(1)), END));
  static final Pool BLOCK = Fixtures.pool("block", 2, OPEN_BLOCK);

  final Snapshots s = new Snapshots();

  {
    s.now = NOW;
    s.pools.add(BLOCK);
  }

  SlurmJob job(long id, Duration timeLimit) {
    return new SlurmJob(
        id,
        "train",
        "CONFIGURING",
        "None",
        "block",
        "block-001",
        1,
        "gpu:h100:8",
        0,
        true,
        Optional.empty(),
        new SlurmJob.Accounting("u", "a", Optional.of(timeLimit), Optional.empty()),
        "");
  }

  List<Action> resumeFor(long jobId, Duration timeLimit) {
    s.jobs.add(job(jobId, timeLimit));
    return resume(jobId);
  }

  List<Action> resume(long jobId) {
    s.requests.add(
        new SpoolRequest(
            "r1",
            HookKind.RESUME,
            List.of("block-001"),
            List.of(new ResumeFile.JobNodes(jobId, "block-001")),
            NOW));
    return Planner.plan(s.build());
  }

  @Test
  void aJobWhoseTimeLimitEndsBeforeTheBlockDoesLaunchesOnIt() {
    List<Action> actions = resumeFor(7, Duration.ofMinutes(110)); // + 5 min margin = 1:55 < 2:00

    assertThat(actions)
        .filteredOn(a -> a instanceof Action.Launch)
        .singleElement()
        .satisfies(a -> assertThat(((Action.Launch) a).candidates()).containsExactly(OPEN_BLOCK));
  }

  @Test
  void aJobThatWouldRunPastTheEndIsRefusedTheBlockSayingWhen() {
    List<Action> actions = resumeFor(7, Duration.ofMinutes(116));

    assertThat(actions).noneMatch(a -> a instanceof Action.Launch);
    assertThat(actions)
        .filteredOn(a -> a instanceof Action.SetDown)
        .singleElement()
        .satisfies(
            a ->
                assertThat(a.reason())
                    .contains("job 7 does not fit in the window")
                    .contains("cr-1 active until " + END));
  }

  @Test
  void theWindowMarginIsThePools() {
    s.windows.put("block", new WindowSettings(Duration.ofMinutes(30), Duration.ofMinutes(10)));

    assertThat(resumeFor(7, Duration.ofMinutes(100))).noneMatch(a -> a instanceof Action.Launch);
  }

  @Test
  void aJobWithoutATimeLimitNeverGoesOnABlock() {
    s.jobs.add(
        new SlurmJob(
            8,
            "train",
            "CONFIGURING",
            "None",
            "block",
            "block-001",
            1,
            "gpu:h100:8",
            0,
            true,
            Optional.empty()));

    assertThat(resume(8))
        .filteredOn(a -> a instanceof Action.SetDown)
        .singleElement()
        .satisfies(a -> assertThat(a.reason()).contains("has no time limit"));
  }

  Instance onBlock(String id, String node) {
    return new Instance(
        id,
        OPEN_BLOCK.key(),
        InstanceState.RUNNING,
        NOW.minus(Duration.ofMinutes(50)),
        "10.0.0.1",
        Map.of(Tags.CLUSTER, "test", Tags.POOL, "block", Tags.NODE, node, Tags.TOKEN, "t"));
  }

  @Test
  void nothingMovesBeforeTheLeadTime() {
    s.now = END.minus(Duration.ofMinutes(11));
    s.instances.add(onBlock("i-1", "block-001"));

    assertThat(WindowPlanner.plan(s.build())).isEmpty();
  }

  @Test
  void atTheLeadTimeTheNodesWorkIsMovedWithTheEndAsItsDeadline() {
    s.now = END.minus(Duration.ofMinutes(10));
    s.instances.add(onBlock("i-1", "block-001"));

    assertThat(WindowPlanner.plan(s.build()))
        .singleElement()
        .satisfies(
            a -> {
              Action.WindowEnding w = (Action.WindowEnding) a;
              assertThat(w.node()).isEqualTo("block-001");
              assertThat(w.instanceId()).isEqualTo("i-1");
              assertThat(w.end()).isEqualTo(END);
              assertThat(w.reason()).contains("reservation cr-1 ends at " + END);
            });
  }

  @Test
  void anInstanceAlreadyUnderANoticeIsNotMovedTwiceAndOneStillThereAtTheEndIsTerminated() {
    s.now = END.minus(Duration.ofMinutes(5));
    s.instances.add(onBlock("i-1", "block-001"));
    s.notices.add(
        new PendingNotice(
            new InterruptionNotice("i-1", InterruptionNotice.Kind.MAINTENANCE, END, s.now),
            s.now,
            Optional.empty(),
            Optional.empty()));
    assertThat(WindowPlanner.plan(s.build())).isEmpty();

    s.now = END;
    assertThat(WindowPlanner.plan(s.build()))
        .singleElement()
        .isEqualTo(
            new Action.Terminate(
                List.of("i-1"), "the window of their capacity has ended: block-001"));
  }

  @Test
  void aNodeAlreadyPoweringDownAfterItsMoveIsNotMovedAgain() {
    s.now = END.minus(Duration.ofMinutes(5));
    s.instances.add(onBlock("i-1", "block-001"));
    s.nodes.add(
        new SlurmNode(
            "block-001",
            "idle",
            Set.of("DRAIN", "POWERING_DOWN"),
            "stratus: moved",
            "",
            "",
            List.of()));

    assertThat(WindowPlanner.plan(s.build())).isEmpty();
  }

  @Test
  void aFlexNodeEndsItsMaximumRunAfterItsLaunch() {
    Offering flex =
        new Offering(
            new OfferingKey("fake", "region-1", "a", "a3-highgpu-8g", CapacityType.FLEX),
            "h100",
            8,
            192,
            2_048_000,
            new BigDecimal("40"),
            PriceOrigin.CONFIGURED,
            new CapacityTerms.Flex(Duration.ofHours(1)));
    s.pools.clear();
    s.pools.add(Fixtures.pool("flex", 1, flex));
    Instant launched = NOW.minus(Duration.ofMinutes(55));
    s.instances.add(
        new Instance(
            "i-9",
            flex.key(),
            InstanceState.RUNNING,
            launched,
            "",
            Map.of(Tags.CLUSTER, "test", Tags.POOL, "flex", Tags.NODE, "flex-001")));

    assertThat(WindowPlanner.plan(s.build()))
        .singleElement()
        .satisfies(
            a ->
                assertThat(((Action.WindowEnding) a).end())
                    .isEqualTo(launched.plus(Duration.ofHours(1))));
  }

  @Test
  void slurmHoldsABlocksNodesBeforeItsStartAndFromItsEnd() {
    Instant start = NOW.plus(Duration.ofHours(1));
    Pool scheduled =
        Fixtures.pool("block", 2, reserved(block(ReservationState.SCHEDULED, start, END)));

    assertThat(BlockWindows.wanted(List.of(scheduled), NOW))
        .containsExactly(
            new SlurmReservation(
                "stratus_block_before", NOW, start, "block-[001-002]", BlockWindows.FLAGS),
            new SlurmReservation(
                "stratus_block_after",
                END,
                END.plus(BlockWindows.AFTER),
                "block-[001-002]",
                BlockWindows.FLAGS));
    assertThat(BlockWindows.wanted(List.of(BLOCK), NOW))
        .extracting(SlurmReservation::name)
        .containsExactly("stratus_block_after");
  }

  @Test
  void aBlockTheCloudHasNotDescribedOrThatExpiredIsClosedToSlurm() {
    Pool unresolved =
        Fixtures.pool(
            "block",
            2,
            reserved(
                CapacityReservation.unresolved("cr-1", "fake", "region-1", "a", "p5.48xlarge")));
    Pool expired =
        Fixtures.pool(
            "block", 2, reserved(block(ReservationState.EXPIRED, NOW.minusSeconds(7200), NOW)));

    for (Pool p : List.of(unresolved, expired)) {
      assertThat(BlockWindows.wanted(List.of(p), NOW))
          .singleElement()
          .satisfies(
              r -> {
                assertThat(r.name()).isEqualTo("stratus_block_closed");
                assertThat(r.start()).isEqualTo(NOW);
              });
    }
    assertThat(
            BlockWindows.wanted(
                List.of(
                    Fixtures.pool(
                        "gpu", 2, Fixtures.offering("fake", "a", CapacityType.SPOT, "3"))),
                NOW))
        .isEmpty();
  }
}
