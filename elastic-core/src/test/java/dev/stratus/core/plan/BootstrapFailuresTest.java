package dev.stratus.core.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import dev.stratus.wire.BootstrapReport;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BootstrapFailuresTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final OfferingKey KEY =
      new OfferingKey("aws", "us-east-1", "us-east-1a", "p5.48xlarge", CapacityType.SPOT);

  static Instance instance(String id, String node, String address, InstanceState state) {
    return new Instance(id, KEY, state, NOW, address, Map.of(Tags.NODE, node));
  }

  static BootstrapReport failed(String node, String from) {
    return new BootstrapReport(
        node, "gpus", false, "gpu: found 7 of 8 h100; slurmd not started", from, NOW);
  }

  @Test
  void aFailedNodeIsSetDownWithWhatItFoundAndItsInstanceTerminated() {
    var plan =
        BootstrapFailures.plan(
            List.of(failed("gpu-003", "10.0.1.7")),
            List.of(instance("i-3", "gpu-003", "10.0.1.7", InstanceState.RUNNING)));

    String reason = "stratus: gpus: node gpu-003: gpu: found 7 of 8 h100; slurmd not started";
    assertThat(plan)
        .containsExactly(
            new Action.SetDown(List.of("gpu-003"), reason),
            new Action.Terminate(List.of("i-3"), reason));
  }

  @Test
  void theSendersAddressDecidesNothingTheEndpointCheckedTheNodesSignature() {
    // Behind NAT, or on Azure where the instance address is unknown at first: the report is
    // acted on because the endpoint accepted it signed with the node's own key.
    var plan =
        BootstrapFailures.plan(
            List.of(failed("gpu-003", "10.0.1.99"), failed("gpu-004", "192.0.2.1")),
            List.of(
                instance("i-3", "gpu-003", "10.0.1.7", InstanceState.RUNNING),
                instance("i-4", "gpu-004", "", InstanceState.PENDING)));

    assertThat(plan)
        .filteredOn(a -> a instanceof Action.Terminate)
        .extracting(a -> ((Action.Terminate) a).instanceIds())
        .containsExactly(List.of("i-3"), List.of("i-4"));
  }

  @Test
  void aReportAboutANodeWithoutAnAliveInstanceIsIgnored() {
    var plan =
        BootstrapFailures.plan(
            List.of(failed("gpu-003", "10.0.1.7"), failed("gpu-004", "10.0.1.8")),
            List.of(instance("i-3", "gpu-003", "10.0.1.7", InstanceState.TERMINATED)));

    assertThat(plan).allMatch(a -> a instanceof Action.ReportIgnored);
    assertThat(plan)
        .extracting(a -> ((Action.ReportIgnored) a).node())
        .containsExactly("gpu-003", "gpu-004");
  }
}
