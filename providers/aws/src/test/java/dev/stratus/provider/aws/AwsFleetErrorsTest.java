package dev.stratus.provider.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.Recovery;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What EC2 refuses a fleet for besides capacity, as it refuses it (an {@code errorSet} item in a
 * 200 answer, or an HTTP 400), through the real SDK to our errors; and instances EC2 stopped.
 */
class AwsFleetErrorsTest {
  @TempDir Path dir;
  AwsHarness harness;

  @AfterEach
  void close() {
    harness.close();
  }

  private ProviderError failure(int nodes) {
    LaunchResult result =
        harness
            .provider()
            .launch(harness.request(UUID.randomUUID().toString(), harness.nodeNames(nodes), true));
    assertThat(result.launched()).isEmpty();
    return result.failures().get(0).error();
  }

  @Test
  void aTypeTheZoneDoesNotOfferIsUnsupportedAndDropsTheOfferingWithEc2sAdvice() {
    harness = new AwsHarness(dir);
    harness.model().limits().unsupported("p5.48xlarge", AwsHarness.ZONE);

    ProviderError error = failure(1);

    assertThat(error).isInstanceOf(ProviderError.OfferingUnsupported.class);
    assertThat(error.recovery()).isEqualTo(Recovery.DROP_OFFERING);
    assertThat(error.code()).isEqualTo("Unsupported");
    assertThat(error.message())
        .contains("(p5.48xlarge) is not supported in your requested Availability Zone (us-east-1a)")
        .contains("choosing us-east-1b");
    assertThat(harness.model().liveInstanceIds()).isEmpty();
  }

  @Test
  void aTypeEc2DoesNotHaveIsAnInvalidParameterValueItemThatDropsTheOffering() {
    harness =
        new AwsHarness(
            dir,
            Map.of(
                "offerings",
                List.of(
                    Map.of(
                        "instanceType",
                        "p9.48xlarge",
                        "zone",
                        AwsHarness.ZONE,
                        "capacityType",
                        "spot",
                        "pricePerHour",
                        50,
                        "gpuModel",
                        "h200",
                        "gpusPerNode",
                        8,
                        "cpus",
                        192,
                        "memoryMiB",
                        2_000_000))));

    ProviderError error = failure(1);

    assertThat(error)
        .isEqualTo(
            new ProviderError.OfferingUnsupported(
                "InvalidParameterValue", "Invalid value 'p9.48xlarge' for InstanceType."));
  }

  @Test
  void theVcpuLimitIsQuotaCountedOverPendingAndRunningInstancesOfTheBucket() {
    harness = new AwsHarness(dir);
    harness.model().limits().vcpuLimit("p5.48xlarge", CapacityType.SPOT, 384);
    LaunchResult first =
        harness
            .provider()
            .launch(harness.request(UUID.randomUUID().toString(), harness.nodeNames(2), true));
    assertThat(first.complete()).isTrue();

    ProviderError error = failure(1);

    assertThat(error).isInstanceOf(ProviderError.QuotaExceeded.class);
    assertThat(error.code()).isEqualTo("VcpuLimitExceeded");
    assertThat(error.message()).contains("current vCPU limit of 384");
    harness.provider().terminate(List.of(first.launched().get(0).id()));
    harness.provider().list(harness.cluster());
    assertThat(
            harness
                .provider()
                .launch(harness.request(UUID.randomUUID().toString(), harness.nodeNames(1), true))
                .complete())
        .isTrue();
  }

  @Test
  void anAllOrNothingLaunchTheVcpuLimitCannotHoldLaunchesNothing() {
    harness = new AwsHarness(dir);
    harness.model().limits().vcpuLimit("p5.48xlarge", CapacityType.SPOT, 192);

    ProviderError error = failure(2);

    assertThat(error.code()).isEqualTo("VcpuLimitExceeded");
    assertThat(harness.model().liveInstanceIds()).isEmpty();
  }

  @Test
  void aSpotPriceAboveTheOnDemandPriceIsSpotMaxPriceTooLowAndTriesAnotherOffering() {
    harness = new AwsHarness(dir);
    harness.model().limits().onDemandPrice("p5.48xlarge", new BigDecimal("98.32"));
    harness
        .model()
        .limits()
        .spotPrice(AwsHarness.pool(harness.offering().key()), new BigDecimal("101.50"));

    ProviderError error = failure(1);

    assertThat(error).isInstanceOf(ProviderError.InsufficientCapacity.class);
    assertThat(error.code()).isEqualTo("SpotMaxPriceTooLow");
    assertThat(error.message()).contains("98.32", "101.50");
  }

  @Test
  void aClientTokenReusedWithOtherParametersIsIdempotentParameterMismatchAndLaunchesNothing() {
    harness = new AwsHarness(dir);
    String token = UUID.randomUUID().toString();
    List<String> nodes = harness.nodeNames(2);
    assertThat(
            harness.provider().launch(harness.request(token, nodes.subList(0, 1), true)).complete())
        .isTrue();

    LaunchResult again = harness.provider().launch(harness.request(token, nodes, true));

    assertThat(again.launched()).isEmpty();
    assertThat(again.failures().get(0).error())
        .isInstanceOf(ProviderError.InvalidRequest.class)
        .satisfies(e -> assertThat(e.code()).isEqualTo("IdempotentParameterMismatch"));
    assertThat(harness.model().liveInstanceIds()).hasSize(1);
  }

  @Test
  void aStoppedInstanceIsListedAsStoppedAndTerminatingItRemovesIt() {
    harness = new AwsHarness(dir);
    Instance launched =
        harness
            .provider()
            .launch(harness.request(UUID.randomUUID().toString(), harness.nodeNames(1), true))
            .launched()
            .get(0);
    harness.model().stop(launched.id());

    assertThat(harness.provider().list(harness.cluster()))
        .singleElement()
        .satisfies(i -> assertThat(i.state()).isEqualTo(InstanceState.STOPPED));
    assertThat(harness.provider().list(harness.cluster()))
        .singleElement()
        .satisfies(i -> assertThat(i.state()).isEqualTo(InstanceState.STOPPED));
    assertThat(harness.provider().get(launched.id()))
        .hasValueSatisfying(i -> assertThat(i.state()).isEqualTo(InstanceState.STOPPED));

    harness.provider().terminate(List.of(launched.id()));

    assertThat(harness.provider().list(harness.cluster())).isEmpty();
    assertThat(harness.provider().get(launched.id())).isEmpty();
  }

  @Test
  void aFleetWhoseTagsCouldNotBeWrittenIsKeptForTheReplayThatTagsTheSameInstances() {
    harness = new AwsHarness(dir);
    List<String> nodes = harness.nodeNames(2);
    harness.server().unavailable("CreateTags");

    LaunchResult first = harness.provider().launch(harness.request("st-replay", nodes, true));

    assertThat(first.launched()).isEmpty();
    assertThat(first.failures().get(0).error().recovery()).isEqualTo(Recovery.RETRY_LATER);
    List<String> kept = harness.model().liveInstanceIds();
    assertThat(kept).as("kept for the replay, not terminated").hasSize(2);

    harness.server().unavailable("");
    // The controller replays on a later pass, once the region's circuit breaker lets calls by.
    LaunchResult replay =
        Awaitility.await()
            .atMost(Duration.ofSeconds(20))
            .pollInterval(Duration.ofMillis(250))
            .until(
                () -> harness.provider().launch(harness.request("st-replay", nodes, true)),
                LaunchResult::complete);

    assertThat(replay.launched())
        .extracting(Instance::id)
        .containsExactlyInAnyOrderElementsOf(kept);
    assertThat(harness.model().liveInstanceIds()).containsExactlyInAnyOrderElementsOf(kept);
    assertThat(kept)
        .allSatisfy(id -> assertThat(harness.model().tagsOf(id)).containsKey("stratus:node"));
  }

  @Test
  void aReplayWhoseFleetWasTerminatedMeanwhileLaunchesLiveInstancesUnderTheNextToken() {
    harness = new AwsHarness(dir);
    List<String> nodes = harness.nodeNames(2);
    List<String> first =
        harness.provider().launch(harness.request("st-gone", nodes, true)).launched().stream()
            .map(Instance::id)
            .toList();
    // the first launch's reply was lost; its instances were then taken as orphans
    harness.provider().terminate(first);

    LaunchResult replay = harness.provider().launch(harness.request("st-gone", nodes, true));
    LaunchResult again = harness.provider().launch(harness.request("st-gone", nodes, true));

    assertThat(replay.complete()).isTrue();
    List<String> replayed = replay.launched().stream().map(Instance::id).toList();
    assertThat(replayed).doesNotContainAnyElementsOf(first);
    assertThat(harness.model().liveInstanceIds()).containsExactlyInAnyOrderElementsOf(replayed);
    assertThat(again.launched())
        .as("the next generation's token is derived: a replay finds the same fleet")
        .extracting(Instance::id)
        .containsExactlyElementsOf(replayed);
    assertThat(replayed)
        .allSatisfy(id -> assertThat(harness.model().tagsOf(id)).containsKey("stratus:node"));
  }

  @Test
  void aReplayWhoseFleetIsPartlyTerminatedReplacesItWholeSoNoNodeHasTwoInstances() {
    harness = new AwsHarness(dir);
    List<String> nodes = harness.nodeNames(2);
    List<String> first =
        harness.provider().launch(harness.request("st-half", nodes, true)).launched().stream()
            .map(Instance::id)
            .toList();
    harness.provider().terminate(first.subList(0, 1));

    LaunchResult replay = harness.provider().launch(harness.request("st-half", nodes, true));

    assertThat(replay.complete()).isTrue();
    List<String> replayed = replay.launched().stream().map(Instance::id).toList();
    assertThat(replayed).hasSize(2).doesNotContainAnyElementsOf(first);
    assertThat(harness.model().liveInstanceIds()).containsExactlyInAnyOrderElementsOf(replayed);
  }
}
