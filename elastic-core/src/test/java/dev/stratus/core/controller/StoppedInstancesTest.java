package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.core.testing.Fixtures;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Instances the cloud stopped (an EC2 stop, a GCE TERMINATED or SUSPENDED instance, an ARM VM that
 * failed or was deallocated) run nothing but still cost their disks: the controller takes the node
 * back from them and terminates them.
 */
class StoppedInstancesTest extends ControllerFixture {
  @Test
  void aStoppedInstanceUnderARunningJobSetsItsNodeDownAndIsTerminatedAfterTheGrace() {
    Instance instance = jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    cloud.stop(instance.id());

    controller.runPass();

    assertThat(slurm.calls()).anyMatch(c -> c.startsWith("down [gpu-001]"));
    assertThat(cloud.calls()).noneMatch(c -> c.startsWith("terminate"));
    assertThat(cloud.list("test"))
        .singleElement()
        .satisfies(i -> assertThat(i.state()).isEqualTo(InstanceState.STOPPED));

    clock.add(Fixtures.TIMEOUTS.orphanGrace());
    pass();

    assertThat(cloud.calls()).contains("terminate [" + instance.id() + "]");
    assertThat(cloud.list("test")).isEmpty();
  }
}
