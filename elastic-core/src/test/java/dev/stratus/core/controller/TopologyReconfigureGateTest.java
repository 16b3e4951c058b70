package dev.stratus.core.controller;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.SlurmSettings;
import dev.stratus.core.config.SlurmVersion;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.testing.FakeSlurm;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.testkit.fake.FakeNodeProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.threeten.extra.MutableClock;

/**
 * On 24.11 a reconfigure kills the boot-wait prologs then running, so the topology's reconfigure
 * waits for the CONFIGURING jobs (at most the resume timeout); on 22.05 it never waits.
 */
class TopologyReconfigureGateTest {
  static final Duration RESUME_TIMEOUT = Duration.ofSeconds(60);

  @TempDir Path dir;
  final MutableClock clock = MutableClock.of(Instant.parse("2026-11-25T04:00:00Z"), ZoneOffset.UTC);
  final FakeSlurm slurm = new FakeSlurm();
  final FakeNodeProvider cloud =
      new FakeNodeProvider("fake", List.of(offering("fake", "a", CapacityType.SPOT, "30")), clock);

  @BeforeEach
  void aJobWaitsForItsNodeToBoot() {
    slurm.addJob(booting(7));
  }

  TopologyUpdater updater(String release) {
    return new TopologyUpdater(
        SlurmVersion.parse(release),
        SlurmSettings.Topology.TREE,
        List.of(pool("gpu", 2, offering("fake", "a", CapacityType.SPOT, "30"))),
        dir.resolve("topology.conf"),
        slurm,
        Map.<String, NodeProvider>of("fake", cloud),
        clock,
        ReconfigureGate.of(SlurmVersion.parse(release), RESUME_TIMEOUT));
  }

  static SlurmJob booting(long id) {
    SlurmJob running = Fixtures.runningJob(id, "gpu-001", 1, Instant.EPOCH);
    return new SlurmJob(
        id,
        "train",
        "CONFIGURING",
        "None",
        "gpu",
        "gpu-001",
        1,
        "gpu:h100:8",
        0,
        true,
        running.started());
  }

  long reconfigures() {
    return slurm.calls().stream().filter("reconfigure"::equals).count();
  }

  @Test
  void on2411TheReconfigureWaitsUntilNoJobIsConfiguring() {
    TopologyUpdater updater = updater("24.11");

    updater.update(List.of(), Set.of());
    assertThat(dir.resolve("topology.conf")).exists();
    assertThat(reconfigures()).isZero();

    clock.add(Duration.ofSeconds(5));
    slurm.removeJob(7);
    slurm.addJob(Fixtures.runningJob(7, "gpu-001", 1, clock.instant()));
    updater.update(List.of(), Set.of());
    updater.update(List.of(), Set.of());

    assertThat(reconfigures()).isEqualTo(1);
  }

  @Test
  void on2411AJobConfiguringForLongerThanTheResumeTimeoutNoLongerHoldsItBack() {
    TopologyUpdater updater = updater("24.11");
    updater.update(List.of(), Set.of());

    clock.add(RESUME_TIMEOUT.minusSeconds(1));
    updater.update(List.of(), Set.of());
    assertThat(reconfigures()).isZero();
    clock.add(Duration.ofSeconds(1));
    updater.update(List.of(), Set.of());

    assertThat(reconfigures()).isEqualTo(1);
  }

  @Test
  void on2205TheReconfigureRunsAtOnceThoughAJobIsConfiguring() {
    updater("22.05").update(List.of(), Set.of());

    assertThat(reconfigures()).isEqualTo(1);
  }
}
