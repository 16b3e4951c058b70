package dev.stratus.provider.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.ReservationState;
import dev.stratus.api.resilience.ResilienceSettings;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.api.spi.ReservationAware;
import dev.stratus.testkit.aws.QueryParams;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Launches into reservations through the real SDK against the EC2 model: what goes over the wire
 * (RunInstances naming the reservation), how EC2's refusals map to {@link
 * ProviderError.ReservationClosed}, how instances in a reservation are listed, and that the
 * reservations are read from a cache.
 */
class AwsReservedLaunchTest {
  static final Instant NOW = Instant.now();
  @TempDir Path dir;
  AwsHarness harness;

  @AfterEach
  void close() {
    harness.close();
  }

  private String reserve(int instances, boolean block) {
    return harness
        .model()
        .reserve(
            "p5.48xlarge",
            AwsHarness.ZONE,
            instances,
            NOW.minusSeconds(60),
            block ? NOW.plusSeconds(3600) : null,
            block);
  }

  private LaunchResult launch(Offering into, int nodes, boolean allOrNothing) {
    return harness
        .provider()
        .launch(
            harness.request(
                into, UUID.randomUUID().toString(), harness.nodeNames(nodes), allOrNothing));
  }

  private ReservationAware reservations() {
    return (ReservationAware) harness.provider();
  }

  @Test
  void aBlockLaunchIsOneRunInstancesNamingTheBlockWithItsMarketTypeAndNoPlacementGroup() {
    harness = new AwsHarness(dir, Map.of("placementGroups", true));
    String block = reserve(2, true);

    LaunchResult result = launch(harness.reserved(block), 2, true);

    assertThat(result.failures()).isEmpty();
    QueryParams run = harness.model().requests("RunInstances").get(0);
    assertThat(run.values())
        .containsEntry(
            "CapacityReservationSpecification.CapacityReservationTarget.CapacityReservationId",
            block)
        .containsEntry("InstanceMarketOptions.MarketType", "capacity-block")
        .containsEntry("MinCount", "2")
        .containsEntry("MaxCount", "2")
        .containsEntry("InstanceType", "p5.48xlarge")
        .containsEntry("SubnetId", "subnet-0a1")
        .containsEntry("LaunchTemplate.LaunchTemplateId", "lt-0123456789abcdef0")
        .containsEntry("TagSpecification.1.ResourceType", "instance")
        .doesNotContainKey("Placement.GroupName");
    assertThat(harness.model().requests("CreateFleet")).isEmpty();
    assertThat(harness.model().placementGroups()).isEmpty();
    assertThat(result.launched())
        .allSatisfy(i -> assertThat(harness.model().reservationOf(i.id())).contains(block));
  }

  @Test
  void aFullReservationRefusesAnAllOrNothingLaunchWithEc2sCodeAsReservationClosed() {
    harness = new AwsHarness(dir);
    String block = reserve(1, true);

    LaunchResult result = launch(harness.reserved(block), 2, true);

    assertThat(result.launched()).isEmpty();
    assertThat(result.failures().get(0).error())
        .isEqualTo(
            new ProviderError.ReservationClosed(
                "ReservationCapacityExceeded",
                "The requested reservation does not have sufficient compatible and available"
                    + " capacity for this request.",
                block));
    assertThat(harness.model().liveInstanceIds()).isEmpty();
  }

  @Test
  void aLaunchThatMayFallShortTakesTheFreeSlotsAndReportsTheRestClosed() {
    harness = new AwsHarness(dir);
    String block = reserve(1, true);

    LaunchResult result = launch(harness.reserved(block), 2, false);

    assertThat(result.launched()).hasSize(1);
    assertThat(harness.model().requests("RunInstances").get(0).values())
        .containsEntry("MinCount", "1")
        .containsEntry("MaxCount", "2");
    assertThat(result.failures()).hasSize(1);
    assertThat(result.failures().get(0).nodeNames()).hasSize(1);
    assertThat(result.failures().get(0).error())
        .isInstanceOfSatisfying(
            ProviderError.ReservationClosed.class,
            e -> {
              assertThat(e.reservation()).isEqualTo(block);
              assertThat(e.message()).contains("1 of 2");
            });
  }

  @Test
  void anOdcrLaunchSendsNoMarketTypeAndItsInstancesRunOnAsOnDemandWhenItEnds() {
    harness = new AwsHarness(dir);
    String odcr = reserve(2, false);

    Instance launched = launch(harness.reserved(odcr), 1, true).launched().get(0);

    assertThat(harness.model().requests("RunInstances").get(0).values())
        .doesNotContainKey("InstanceMarketOptions.MarketType");
    assertThat(harness.provider().get(launched.id()).orElseThrow().offering().reservation())
        .isEqualTo(odcr);

    harness.model().endReservation(odcr);

    Instance after = harness.provider().get(launched.id()).orElseThrow();
    assertThat(after.offering().capacityType()).isEqualTo(CapacityType.ON_DEMAND);
    assertThat(after.offering().reservation()).isEmpty();
  }

  @Test
  void anIdEc2DoesNotKnowIsAClosedReservation() {
    harness = new AwsHarness(dir);
    String block = reserve(1, true);
    Offering reserved = harness.reserved(block);
    var unknown =
        new Offering(
            new OfferingKey(
                "aws",
                AwsHarness.REGION,
                AwsHarness.ZONE,
                "p5.48xlarge",
                CapacityType.RESERVED,
                "cr-0000000000000dead"),
            reserved.gpuModel(),
            reserved.gpusPerNode(),
            reserved.cpus(),
            reserved.memoryMiB(),
            reserved.pricePerHour(),
            reserved.priceOrigin(),
            new CapacityTerms.Reserved(
                new CapacityReservation(
                    "cr-0000000000000dead",
                    "aws",
                    AwsHarness.REGION,
                    AwsHarness.ZONE,
                    "p5.48xlarge",
                    NOW,
                    NOW.plusSeconds(60),
                    1,
                    ReservationState.ACTIVE,
                    Optional.empty())));

    ProviderError error = launch(unknown, 1, true).failures().get(0).error();

    assertThat(error).isInstanceOf(ProviderError.ReservationClosed.class);
    assertThat(error.code()).isEqualTo("InvalidCapacityReservationId.NotFound");
  }

  @Test
  void aRestartedProviderListsTheInstanceAsReservedFromWhatEc2Reports() throws Exception {
    harness = new AwsHarness(dir);
    String block = reserve(1, true);
    launch(harness.reserved(block), 1, true);
    Map<String, Object> settings = new HashMap<>(AwsHarness.defaults(harness.server()));

    try (NodeProvider restarted =
        new AwsNodeProviderFactory()
            .create(AwsHarness.context(dir, settings), ResilienceSettings.fast())) {
      List<Instance> listed = restarted.list(harness.cluster());

      assertThat(listed).hasSize(1);
      assertThat(listed.get(0).offering().capacityType()).isEqualTo(CapacityType.RESERVED);
      assertThat(listed.get(0).offering().reservation()).isEqualTo(block);
    }
  }

  @Test
  void reservationsAreAskedOncePerRefreshAndAFailedRefreshKeepsTheLastAnswer() {
    harness = new AwsHarness(dir, Map.of("reservationsRefreshSeconds", 60));
    String block = reserve(2, true);

    assertThat(reservations().reservations()).extracting(r -> r.id()).containsExactly(block);
    assertThat(reservations().reservations()).hasSize(1);
    assertThat(harness.model().requests("DescribeCapacityReservations")).hasSize(1);

    AwsHarness fresh = new AwsHarness(dir.resolve("b"));
    try {
      fresh.model().reserve("p5.48xlarge", AwsHarness.ZONE, 1, NOW, NOW.plusSeconds(60), true);
      ReservationAware everyTime = (ReservationAware) fresh.provider();
      assertThat(everyTime.reservations()).hasSize(1);
      fresh.server().failNextCall(403, "UnauthorizedOperation", "not allowed");
      assertThat(everyTime.reservations()).hasSize(1);
    } finally {
      fresh.close();
    }
  }

  @Test
  void withNoAnswerYetAFailedDescribeThrowsEc2sError() {
    harness = new AwsHarness(dir);
    harness.server().failNextCall(403, "UnauthorizedOperation", "not allowed");

    assertThatThrownBy(() -> reservations().reservations())
        .isInstanceOfSatisfying(
            ProviderException.class,
            e -> assertThat(e.error().code()).isEqualTo("UnauthorizedOperation"));
  }
}
