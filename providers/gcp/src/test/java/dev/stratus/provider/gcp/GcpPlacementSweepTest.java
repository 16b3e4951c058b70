package dev.stratus.provider.gcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.LaunchResult;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

/**
 * The sweep of compact placement policies: the policy of a launch that succeeded outlives its
 * instances (Compute Engine deletes none while an instance uses it), and each region allows only so
 * many, so the controller's garbage collection deletes this cluster's once they are unused and
 * older than ten minutes, and nobody else's.
 */
class GcpPlacementSweepTest extends GcpTestSupport {
  static final String OURS = "stratus compact placement for c1/gpu";
  final MutableClock later =
      MutableClock.of(Instant.now().plus(Duration.ofMinutes(11)), ZoneOffset.UTC);
  final GcpNodeProvider sweeper =
      GcpTestProviders.create(GcpTestProviders.settings(server, true), later);

  @AfterEach
  void closeSweeper() {
    sweeper.close();
  }

  @Test
  void aLaunchsPolicyIsDeletedOnceItsInstancesAreGoneAndItIsOld() {
    List<Instance> launched =
        provider.launch(request(spot(), List.of("gpu-001", "gpu-002"), true)).launched();
    assertThat(server.model.policies()).hasSize(1);

    sweeper.sweep("c1", sweeper.list("c1"));
    assertThat(server.model.policies()).as("in use by live instances").hasSize(1);

    provider.terminate(launched.stream().map(Instance::id).toList());
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(
            () -> {
              sweeper.sweep("c1", sweeper.list("c1"));
              assertThat(server.model.policies()).isEmpty();
            });
  }

  @Test
  void itLeavesOtherClustersPoliciesOthersPoliciesAndYoungOnesAlone() {
    OffsetDateTime hourAgo = OffsetDateTime.now(ZoneOffset.UTC).minusHours(1);
    server.model.addPolicy("stratus-pp-00000000000000aa", OURS, hourAgo);
    server.model.addPolicy(
        "stratus-pp-00000000000000bb", "stratus compact placement for c10/gpu", hourAgo);
    server.model.addPolicy("team-hpc-compact", OURS, hourAgo);
    server.model.addPolicy(
        "stratus-pp-00000000000000cc", OURS, OffsetDateTime.now(ZoneOffset.UTC).plusMinutes(5));

    sweeper.sweep("c1", List.of());
    sweeper.sweep("c1", List.of());

    assertThat(server.model.policies())
        .containsExactlyInAnyOrder(
            "stratus-pp-00000000000000bb", "team-hpc-compact", "stratus-pp-00000000000000cc");
  }

  @Test
  void aPolicyALaunchIsStillFillingIsKeptByASweepThatRunsMeanwhile() throws Exception {
    server.model.latency(150);
    CompletableFuture<LaunchResult> launch =
        CompletableFuture.supplyAsync(
            () ->
                sweeper.launch(
                    request(sweeper.offerings().get(0), List.of("gpu-001", "gpu-002"), true)));
    await().atMost(Duration.ofSeconds(20)).until(() -> server.model.policies().size() == 1);

    sweeper.sweep("c1", List.of());

    assertThat(launch.get(60, TimeUnit.SECONDS).complete()).isTrue();
    assertThat(server.model.policies()).hasSize(1);
  }

  @Test
  void withoutCompactPlacementNothingIsListedOrDeleted() {
    var settings = GcpTestProviders.settings(server, false);
    try (GcpNodeProvider plain = GcpTestProviders.create(settings, later)) {
      server.model.addPolicy(
          "stratus-pp-00000000000000aa", OURS, OffsetDateTime.now(ZoneOffset.UTC).minusHours(1));

      plain.sweep("c1", List.of());
    }

    assertThat(server.model.policies()).containsExactly("stratus-pp-00000000000000aa");
  }
}
