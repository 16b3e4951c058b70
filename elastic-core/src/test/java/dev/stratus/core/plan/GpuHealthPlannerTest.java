package dev.stratus.core.plan;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Tags;
import dev.stratus.core.config.GpuHealthSettings;
import dev.stratus.core.config.SpotSettings;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.wire.GpuFinding;
import dev.stratus.wire.GpuHealthReport;
import dev.stratus.wire.GpuSample;
import dev.stratus.wire.HealthAction;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Watcher reports in, fault actions out: strikes, events, staleness, and the drain's end. */
class GpuHealthPlannerTest {
  static final Instant NOW = Instant.parse("2026-11-29T06:00:00Z");
  static final Offering SPOT = offering("fake", "a", CapacityType.SPOT, "30");
  static final SpotSettings SPOT_SETTINGS =
      new SpotSettings("USR1", Duration.ofSeconds(30), Duration.ofSeconds(10), false, "", "");
  static final GpuHealthSettings SETTINGS = GpuHealthSettings.DEFAULTS; // 3 strikes, stale 30 s

  final List<SlurmJob> jobs = new ArrayList<>();
  final List<Instance> instances =
      new ArrayList<>(
          List.of(
              new Instance(
                  "i-1",
                  SPOT.key(),
                  InstanceState.RUNNING,
                  NOW.minusSeconds(900),
                  "",
                  Map.of(Tags.CLUSTER, "test", Tags.NODE, "gpu-001", Tags.TOKEN, "t"))));
  Optional<NodeHealth> health = Optional.empty();
  long sequence;

  static GpuFinding polled(String errorClass, HealthAction action) {
    return new GpuFinding("00000000:3B:00.0", errorClass, 0, action, false, "read");
  }

  static GpuFinding xid(int xid, HealthAction action) {
    return new GpuFinding("00000000:3B:00.0", "xid", xid, action, true, "from the kernel log");
  }

  HealthStrikes.Outcome report(
      GpuHealthReport.Read read, Instant seenAt, Instant receivedAt, GpuFinding... findings) {
    GpuHealthReport r =
        new GpuHealthReport(
            "gpu-001",
            "i-1",
            seenAt,
            ++sequence,
            read,
            List.of(findings),
            List.of(new GpuSample(0, "00000000:3B:00.0", 90, 1000, 80_000)));
    HealthStrikes.Folded f = HealthStrikes.apply(health, r, receivedAt, SETTINGS.staleAfter());
    health = f.health();
    return f.outcome();
  }

  HealthStrikes.Outcome report(GpuFinding... findings) {
    return report(GpuHealthReport.Read.OK, NOW, NOW, findings);
  }

  List<Action> plan() {
    Snapshot s =
        Snapshot.forNotices(
            NOW,
            List.of(pool("gpu", 4, SPOT)),
            Fixtures.TIMEOUTS,
            jobs,
            instances,
            List.of(),
            SPOT_SETTINGS,
            Set.of());
    return GpuHealthPlanner.plan(s, health.stream().toList(), pool -> SETTINGS);
  }

  @Test
  void aKernelLogXidRequeuesAtOnce() {
    jobs.add(Fixtures.runningJob(42, "gpu-001", 8, NOW.minusSeconds(600)));
    assertThat(report(xid(79, HealthAction.REQUEUE_NOW))).isEqualTo(HealthStrikes.Outcome.NEWS);

    List<Action> actions = plan();

    assertThat(actions).hasSize(1);
    Action.GpuFault fault = (Action.GpuFault) actions.get(0);
    assertThat(fault.action()).isEqualTo(HealthAction.REQUEUE_NOW);
    assertThat(fault.xid()).isEqualTo(79);
    assertThat(fault.instanceId()).isEqualTo("i-1");
    assertThat(fault.reason()).contains("GPU 00000000:3B:00.0 xid 79").contains("gpu-001");
  }

  @Test
  void aPolledConditionNeedsItsStrikesInARow() {
    jobs.add(Fixtures.runningJob(42, "gpu-001", 8, NOW.minusSeconds(600)));
    GpuFinding storm = polled("ecc-correctable-storm", HealthAction.DRAIN_AFTER_JOB);
    report(storm);
    report(storm);
    assertThat(plan()).isEmpty();
    report(); // one clean read starts the count again
    report(storm);
    report(storm);
    assertThat(plan()).isEmpty();

    report(storm);

    assertThat(plan())
        .extracting(a -> a.getClass().getSimpleName())
        .containsExactly("GpuFault", "Drain");
    assertThat(((Action.Drain) plan().get(1)).reason())
        .startsWith("stratus: gpu fault: GPU 00000000:3B:00.0 ecc-correctable-storm");
  }

  @Test
  void aHungNvidiaSmiIsNoEvidence() {
    GpuFinding storm = polled("throttle", HealthAction.DRAIN_AFTER_JOB);
    report(storm);
    for (int i = 0; i < 10; i++) {
      report(GpuHealthReport.Read.TIMED_OUT, NOW, NOW);
    }
    assertThat(plan()).isEmpty();
    assertThat(health.orElseThrow().strikes()).containsValue(1);
    assertThat(health.orElseThrow().samples()).isEmpty();
  }

  @Test
  void staleReportsAreDroppedAndOldEvidenceIsNotActedOn() {
    assertThat(
            report(
                GpuHealthReport.Read.OK,
                NOW.minusSeconds(120),
                NOW,
                xid(79, HealthAction.REQUEUE_NOW)))
        .isEqualTo(HealthStrikes.Outcome.STALE);
    assertThat(plan()).isEmpty();

    report(
        GpuHealthReport.Read.OK,
        NOW.minusSeconds(60),
        NOW.minusSeconds(60),
        xid(79, HealthAction.REQUEUE_NOW));
    assertThat(plan()).as("the last report came 60 s ago").isEmpty();
  }

  @Test
  void aReportOfAnotherInstanceIsNotActedOn() {
    instances.clear();
    report(xid(79, HealthAction.REQUEUE_NOW));

    assertThat(plan()).singleElement().isInstanceOf(Action.HealthDone.class);
  }

  @Test
  void aDrainedNodeGoesOnceItsJobsAreDoneAndIsActedOnAgainOnlyForWorse() {
    jobs.add(Fixtures.runningJob(42, "gpu-001", 8, NOW.minusSeconds(600)));
    GpuFinding pending = polled("row-remap-pending", HealthAction.DRAIN_AFTER_JOB);
    report(pending);
    report(pending);
    report(pending);
    health = health.map(h -> h.actedOn(HealthAction.DRAIN_AFTER_JOB, NOW));
    report(pending);
    assertThat(plan()).as("acted on already; the job still runs").isEmpty();

    report(pending, xid(79, HealthAction.REQUEUE_NOW));
    assertThat(plan()).singleElement().isInstanceOf(Action.GpuFault.class);
    health = health.map(h -> h.actedOn(HealthAction.REQUEUE_NOW, NOW));

    jobs.clear();
    health =
        health.map(
            h ->
                new NodeHealth(
                    h.node(),
                    h.instanceId(),
                    h.sequence(),
                    h.receivedAt(),
                    h.seenAt(),
                    h.strikes(),
                    h.current(),
                    h.events(),
                    h.samples(),
                    h.read(),
                    Optional.of(HealthAction.DRAIN_AFTER_JOB),
                    h.actedAt()));
    assertThat(plan())
        .extracting(a -> a.getClass().getSimpleName())
        .containsExactly("ForcePowerDown", "HealthDone");
  }

  @Test
  void outOfOrderReportsAreDropped() {
    report(polled("throttle", HealthAction.DRAIN_AFTER_JOB));
    sequence -= 2;
    assertThat(report()).isEqualTo(HealthStrikes.Outcome.OUT_OF_ORDER);
    assertThat(health.orElseThrow().strikes()).containsValue(1);
  }
}
