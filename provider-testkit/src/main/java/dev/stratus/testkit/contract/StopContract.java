package dev.stratus.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * "{@code list} never hides an instance that still costs money": one the cloud stopped is listed as
 * {@link InstanceState#STOPPED} (so the garbage collector terminates it) until it is terminated.
 * For the providers whose harness implements {@link Stopping}.
 */
public interface StopContract {
  ContractHarness harness();

  @Test
  default void anInstanceTheCloudStoppedIsListedAsStoppedUntilItIsTerminated() {
    var h = harness();
    assertThat(h).isInstanceOf(Stopping.class);
    String token = UUID.randomUUID().toString();
    Instance launched =
        h.provider()
            .launch(
                new LaunchRequest(
                    h.cluster(),
                    "contract",
                    h.offering(),
                    h.nodeNames(1),
                    token,
                    Map.of(Tags.CLUSTER, h.cluster(), Tags.POOL, "contract", Tags.TOKEN, token),
                    true))
            .launched()
            .get(0);

    ((Stopping) h).stop(launched.id());

    assertThat(h.provider().list(h.cluster()))
        .singleElement()
        .satisfies(
            i -> {
              assertThat(i.id()).isEqualTo(launched.id());
              assertThat(i.state()).isEqualTo(InstanceState.STOPPED);
              assertThat(i.tags()).containsAllEntriesOf(launched.tags());
            });
    assertThat(h.provider().get(launched.id()))
        .hasValueSatisfying(i -> assertThat(i.state()).isEqualTo(InstanceState.STOPPED));

    h.provider().terminate(List.of(launched.id()));

    assertThat(h.provider().list(h.cluster())).isEmpty();
    assertThat(h.provider().get(launched.id())).isEmpty();
  }
}
