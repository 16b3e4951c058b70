package dev.stratus.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The part of the contract that needs a backend able to throttle: "throttled and transient errors
 * are retried inside the provider before they surface". Extended instead of {@link
 * NodeProviderContract} by providers whose harness implements {@link Throttling}.
 */
public abstract class ThrottlingContract extends NodeProviderContract {
  private Throttling throttling() {
    assertThat(harness)
        .as("a ThrottlingContract harness must implement Throttling")
        .isInstanceOf(Throttling.class);
    return (Throttling) harness;
  }

  @Test
  void throttledLaunchIsRetriedInsideTheProvider() {
    throttling().throttleNextCalls(2);

    var result = provider.launch(request(harness.nodeNames(1), true));

    assertThat(result.complete()).isTrue();
    assertThat(provider.list(harness.cluster())).hasSize(1);
  }

  @Test
  void throttledListIsRetriedInsideTheProvider() {
    var launched = provider.launch(request(harness.nodeNames(1), true));
    throttling().throttleNextCalls(2);

    assertThat(ids(provider.list(harness.cluster()))).isEqualTo(ids(launched.launched()));
  }
}
