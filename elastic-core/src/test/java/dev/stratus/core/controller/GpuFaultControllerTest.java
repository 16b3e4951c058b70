package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.core.plan.HealthStrikes;
import dev.stratus.wire.GpuFinding;
import dev.stratus.wire.GpuHealthReport;
import dev.stratus.wire.GpuSample;
import dev.stratus.wire.HealthAction;
import io.micrometer.core.instrument.Counter;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A node's GPU health reports through the controller: what reaches Slurm, and when. */
class GpuFaultControllerTest extends ControllerFixture {
  long sequence = 100;

  HealthStrikes.Outcome report(Instance i, GpuHealthReport.Read read, GpuFinding... findings) {
    return controller.receiveHealth(
        new GpuHealthReport(
            "gpu-001",
            i.id(),
            clock.instant(),
            ++sequence,
            read,
            List.of(findings),
            List.of(new GpuSample(0, "00000000:18:00.0", 90, 1, 2))));
  }

  @Test
  void anXid79UnderARunningJobSignalsDrainsRequeuesAndPowersTheNodeDown() {
    Instance i = jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    GpuFinding xid =
        new GpuFinding(
            "00000000:5D:00.0", "xid", 79, HealthAction.REQUEUE_NOW, true, "fell off the bus");

    assertThat(report(i, GpuHealthReport.Read.OK, xid)).isEqualTo(HealthStrikes.Outcome.NEWS);
    noticeRun();

    assertThat(slurm.calls())
        .contains("signal 42 USR1")
        .anyMatch(
            c ->
                c.startsWith("drain [gpu-001] stratus: gpu fault: GPU 00000000:5D:00.0 xid 79")
                    && c.contains("requeue-now"));
    assertThat(
            controller
                .metrics()
                .registry()
                .find("stratus.gpu.faults")
                .tag("class", "xid-79")
                .counters()
                .stream()
                .mapToDouble(Counter::count)
                .sum())
        .isEqualTo(1);

    clock.add(Duration.ofSeconds(60)); // the pool's gpuHealth.grace: no checkpoint came
    noticeRun();
    assertThat(slurm.calls()).contains("requeue 42");

    slurm.removeJob(42);
    noticeRun();
    assertThat(slurm.calls()).anyMatch(c -> c.startsWith("power_down_force [gpu-001]"));

    report(i, GpuHealthReport.Read.OK, xid);
    noticeRun();
    assertThat(slurm.calls().stream().filter(c -> c.startsWith("signal 42")).count())
        .as("acted on once")
        .isEqualTo(1);
  }

  @Test
  void aPolledConditionDrainsAfterItsStrikesAndTheNodeGoesWhenItsJobIsDone() {
    Instance i = jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    GpuFinding storm =
        new GpuFinding(
            "00000000:18:00.0",
            "ecc-correctable-storm",
            0,
            HealthAction.DRAIN_AFTER_JOB,
            false,
            "+500");
    report(i, GpuHealthReport.Read.OK, storm);
    report(i, GpuHealthReport.Read.TIMED_OUT);
    report(i, GpuHealthReport.Read.OK, storm);
    noticeRun();
    assertThat(slurm.calls()).noneMatch(c -> c.startsWith("drain"));

    report(i, GpuHealthReport.Read.OK, storm);
    noticeRun();
    assertThat(slurm.calls())
        .anyMatch(c -> c.startsWith("drain [gpu-001] stratus: gpu fault") && c.contains("storm"))
        .noneMatch(c -> c.startsWith("signal 42") || c.startsWith("requeue 42"));

    noticeRun();
    assertThat(slurm.calls()).noneMatch(c -> c.startsWith("power_down_force"));
    slurm.removeJob(42);
    noticeRun();
    assertThat(slurm.calls()).anyMatch(c -> c.startsWith("power_down_force [gpu-001]"));
  }

  @Test
  void aHealthyNodeWhoseNvidiaSmiHangsIsLeftAlone() {
    Instance i = jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    for (int n = 0; n < 20; n++) {
      report(i, GpuHealthReport.Read.TIMED_OUT);
      clock.add(Duration.ofSeconds(5));
      noticeRun();
    }
    assertThat(slurm.calls()).noneMatch(c -> c.startsWith("drain") || c.startsWith("signal"));
  }
}
