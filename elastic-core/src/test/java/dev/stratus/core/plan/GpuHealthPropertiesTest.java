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
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * Over random sequences of watcher reads (answered, hung, failed, late, out of order, with any
 * samples and with findings whose action is {@code ok}), a node that never reports a fault is never
 * drained, signalled or powered down; and one whose reads show a fault in {@code strikes} reports
 * in a row is acted on.
 */
class GpuHealthPropertiesTest {
  static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");
  static final Offering SPOT = offering("fake", "a", CapacityType.SPOT, "30");
  static final SpotSettings SPOT_SETTINGS =
      new SpotSettings("USR1", Duration.ofSeconds(30), Duration.ofSeconds(10), false, "", "");

  /** One read: how it went, seconds since the last, the read's lag, sequence jitter, GPU use. */
  record Read(GpuHealthReport.Read read, int gapSeconds, int lagSeconds, int seqJitter, int util) {}

  @Provide
  Arbitrary<Read> reads() {
    return Combinators.combine(
            Arbitraries.of(GpuHealthReport.Read.class),
            Arbitraries.integers().between(0, 40),
            Arbitraries.integers().between(0, 90),
            Arbitraries.integers().between(-2, 3),
            Arbitraries.integers().between(0, 100))
        .as(Read::new);
  }

  @Property(tries = 300)
  void aNodeThatNeverReportsAFaultIsNeverActedOn(
      @ForAll @Size(min = 1, max = 60) List<@net.jqwik.api.From("reads") Read> reads,
      @ForAll boolean withOkFindings,
      @ForAll boolean jobOnNode) {
    List<Action> all = replay(reads, withOkFindings, jobOnNode, Optional.empty());
    assertThat(all).isEmpty();
  }

  @Property(tries = 200)
  void aFaultSeenStrikesTimesInARowIsActedOn(
      @ForAll @Size(min = 0, max = 20) List<@net.jqwik.api.From("reads") Read> before) {
    GpuFinding fault =
        new GpuFinding("0", "ecc-uncorrectable", 0, HealthAction.REQUEUE_NOW, false, "2");
    List<Read> reads = new ArrayList<>(before);
    for (int i = 0; i < GpuHealthSettings.DEFAULTS.strikes(); i++) {
      reads.add(new Read(GpuHealthReport.Read.OK, 1, 0, 0, 50));
    }
    List<Action> all = replay(reads, false, true, Optional.of(fault));
    assertThat(all).anyMatch(a -> a instanceof Action.GpuFault);
  }

  /**
   * Feeds the reads (the last {@code strikes} with {@code fault} when given) and plans after each,
   * applying what the actuator records; returns every action but {@code HealthDone}.
   */
  private static List<Action> replay(
      List<Read> reads, boolean withOkFindings, boolean jobOnNode, Optional<GpuFinding> fault) {
    Instance instance =
        new Instance(
            "i-1",
            SPOT.key(),
            InstanceState.RUNNING,
            T0.minusSeconds(900),
            "",
            Map.of(Tags.CLUSTER, "test", Tags.NODE, "gpu-001", Tags.TOKEN, "t"));
    Optional<NodeHealth> health = Optional.empty();
    Instant now = T0;
    long sequence = 10;
    long highest = sequence;
    List<Action> all = new ArrayList<>();
    int faultFrom = reads.size() - GpuHealthSettings.DEFAULTS.strikes();
    for (int i = 0; i < reads.size(); i++) {
      Read r = reads.get(i);
      now = now.plusSeconds(r.gapSeconds());
      sequence = Math.max(0, sequence + r.seqJitter());
      if (fault.isPresent() && i >= faultFrom) {
        sequence = highest + 1; // the watcher's own reads, in order
      }
      highest = Math.max(highest, sequence);
      List<GpuFinding> findings = new ArrayList<>();
      if (withOkFindings) {
        findings.add(new GpuFinding("0", "persistence-off", 0, HealthAction.OK, false, ""));
      }
      if (fault.isPresent() && i >= faultFrom) {
        findings.add(fault.get());
      }
      GpuHealthReport report =
          new GpuHealthReport(
              "gpu-001",
              "i-1",
              now.minusSeconds(r.lagSeconds()),
              sequence,
              r.read(),
              findings,
              List.of(new GpuSample(0, "0", r.util(), 1, 2)));
      health =
          HealthStrikes.apply(health, report, now, GpuHealthSettings.DEFAULTS.staleAfter())
              .health();
      Snapshot s =
          Snapshot.forNotices(
              now,
              List.of(pool("gpu", 4, SPOT)),
              Fixtures.TIMEOUTS,
              jobOnNode ? List.of(Fixtures.runningJob(42, "gpu-001", 8, T0)) : List.of(),
              List.of(instance),
              List.of(),
              SPOT_SETTINGS,
              Set.of());
      for (Action a :
          GpuHealthPlanner.plan(s, health.stream().toList(), p -> GpuHealthSettings.DEFAULTS)) {
        if (a instanceof Action.GpuFault g) {
          Instant at = now;
          health = health.map(h -> h.actedOn(g.action(), at));
        }
        if (!(a instanceof Action.HealthDone)) {
          all.add(a);
        }
      }
    }
    return all;
  }
}
