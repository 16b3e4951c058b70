package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.SpoolRequest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An instance whose termination failed lingers at the cloud, still tagged with its node: it must
 * never serve a later resume of that node (Slurm powered the node down; a fresh boot is what the
 * resume asks for). The termination is tried again and the resume gets a fresh instance.
 */
class LingeringInstanceTest extends ControllerFixture {
  List<Instance> on(String node) {
    return cloud.alive().stream().filter(i -> i.nodeName().orElse("").equals(node)).toList();
  }

  void slurmSuspends(String id, String node) {
    slurm.cloudNodes(List.of(node));
    spool.add(new SpoolRequest(id, HookKind.SUSPEND, List.of(node), List.of(), clock.instant()));
  }

  @Test
  void aResumeAfterAFailedTerminationGetsAFreshInstanceAndTheLingeringOneIsTerminatedAgain() {
    Instance old = jobRunning(42, "gpu-001", Duration.ofMinutes(10));
    slurm.removeJob(42);
    cloud.failNextTerminate(
        new ProviderException(
            new ProviderError.Transient("CircuitOpen", "too many recent failures")));
    clock.add(Duration.ofSeconds(1)); // Slurm asks after the launch, never in the same instant
    slurmSuspends("s1", "gpu-001");
    onePass(); // the termination fails; the pass it wakes is the resume's below
    assertThat(on("gpu-001")).extracting(Instance::id).containsExactly(old.id());

    clock.add(Duration.ofSeconds(1));
    slurmResumes("r2", 43, "gpu-001");
    pass();

    assertThat(on("gpu-001"))
        .as("served by a fresh instance, not the one it was powered down from")
        .singleElement()
        .satisfies(i -> assertThat(i.id()).isNotEqualTo(old.id()));
    assertThat(cloud.calls()).contains("terminate " + List.of(old.id()));
    assertThat(cloud.calls().stream().filter(c -> c.equals("terminate " + List.of(old.id()))))
        .as("tried, failed, tried again")
        .hasSize(2);
    assertThat(spool.pending()).as("the suspend and the resume both acknowledged").isEmpty();
  }
}
