package dev.stratus.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.SweepsOwnResources;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The {@link SweepsOwnResources} contract, for the providers that have the capability: implemented
 * by a {@link NodeProviderContract} subclass next to its own suite.
 */
public interface SweepContract {
  ContractHarness harness();

  private SweepsOwnResources sweeper() {
    assertThat(harness().provider()).isInstanceOf(SweepsOwnResources.class);
    return (SweepsOwnResources) harness().provider();
  }

  private LaunchResult launch(String cluster, int nodes) {
    String token = UUID.randomUUID().toString();
    LaunchResult result =
        harness()
            .provider()
            .launch(
                new LaunchRequest(
                    cluster,
                    "contract",
                    harness().offering(),
                    harness().nodeNames(nodes),
                    token,
                    Map.of(Tags.CLUSTER, cluster, Tags.POOL, "contract", Tags.TOKEN, token),
                    true));
    assertThat(result.complete()).isTrue();
    return result;
  }

  @Test
  default void aSweepKeepsEveryLiveInstanceOfItsClusterAndOfOthersAndMayBeRepeated() {
    var h = harness();
    LaunchResult ours = launch(h.cluster(), 2);
    LaunchResult theirs = launch(h.otherCluster(), 2);
    List<Instance> live = h.provider().list(h.cluster());

    sweeper().sweep(h.cluster(), live);
    sweeper().sweep(h.cluster(), live);
    sweeper().sweep(h.cluster(), List.of());

    assertThat(h.provider().list(h.cluster()))
        .extracting(Instance::id)
        .containsExactlyInAnyOrderElementsOf(ours.launched().stream().map(Instance::id).toList());
    assertThat(h.provider().list(h.otherCluster()))
        .extracting(Instance::id)
        .containsExactlyInAnyOrderElementsOf(theirs.launched().stream().map(Instance::id).toList());
  }

  @Test
  default void aSweepOfAClusterWithNothingLeftIsSuccess() {
    sweeper().sweep(harness().cluster(), List.of());
    sweeper().sweep(harness().cluster(), List.of());

    assertThat(harness().provider().list(harness().cluster())).isEmpty();
  }
}
