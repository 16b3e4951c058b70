package dev.stratus.provider.azure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

/**
 * The sweep of proximity placement groups (the controller's garbage collection): in a resource
 * group shared with another cluster and with groups Stratus never made, it deletes only its own
 * cluster's empty, old groups.
 */
class AzurePlacementSweepTest {
  static final String CREATED = "stratus:created";
  final MutableClock clock = MutableClock.of(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC);
  final AzureFixture fixture = new AzureFixture();
  final AzureNodeProvider alpha;

  AzurePlacementSweepTest() {
    fixture.model.retryAfterSeconds(0);
    alpha = fixture.provider("alpha", fixture.settings(), clock);
  }

  @AfterEach
  void close() {
    fixture.close();
  }

  List<String> groups() {
    return fixture.model.placementGroups().stream().map(g -> g.get("name").asText()).toList();
  }

  Map<String, String> tags(String cluster, Instant created) {
    return Map.of(Tags.CLUSTER, cluster, CREATED, created.toString());
  }

  @Test
  void itDeletesOnlyItsOwnClustersEmptyGroupsOlderThanTenMinutes() {
    Instant now = clock.instant();
    fixture.model.addPlacementGroup("stratus-alpha-old", tags("alpha", now.minusSeconds(3600)));
    fixture.model.addPlacementGroup("stratus-beta-old", tags("beta", now.minusSeconds(3600)));
    fixture.model.addPlacementGroup("hpc-team-ppg", Map.of(CREATED, now.minusSeconds(3600) + ""));
    fixture.model.addPlacementGroup("stratus-alpha-new", tags("alpha", now.plusSeconds(300)));
    LaunchResult launched = alpha.launch(request("gpu-001", "gpu-002"));
    assertThat(launched.complete()).isTrue();
    String inUse =
        groups().stream()
            .filter(
                g -> g.startsWith("stratus-alpha-") && !g.endsWith("-old") && !g.endsWith("-new"))
            .findFirst()
            .orElseThrow();
    clock.add(Duration.ofMinutes(11));

    alpha.sweep("alpha", alpha.list("alpha"));

    assertThat(groups())
        .containsExactlyInAnyOrder("stratus-beta-old", "hpc-team-ppg", "stratus-alpha-new", inUse);
  }

  @Test
  void aGroupThatHoldsVmsIsKeptHoweverOldEvenWhenTheLiveListMissesThem() {
    alpha.launch(request("gpu-001", "gpu-002"));
    clock.add(Duration.ofHours(1));

    alpha.sweep("alpha", List.of());

    assertThat(groups()).hasSize(1);
    assertThat(fixture.model.vms()).hasSize(2);
  }

  @Test
  void sweepingTwiceIsTheSameAsOnce() {
    fixture.model.addPlacementGroup(
        "stratus-alpha-old", tags("alpha", clock.instant().minusSeconds(3600)));

    alpha.sweep("alpha", List.of());
    alpha.sweep("alpha", List.of());

    assertThat(groups()).isEmpty();
  }

  LaunchRequest request(String... nodes) {
    var offering =
        alpha.offerings().stream()
            .filter(o -> o.capacityType() == CapacityType.SPOT)
            .findFirst()
            .orElseThrow();
    String token = "tok-" + String.join("-", nodes);
    return new LaunchRequest(
        "alpha",
        "gpu",
        offering,
        List.of(nodes),
        token,
        Map.of(Tags.CLUSTER, "alpha", Tags.POOL, "gpu", Tags.TOKEN, token),
        true);
  }
}
