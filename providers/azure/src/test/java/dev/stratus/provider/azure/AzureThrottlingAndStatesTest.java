package dev.stratus.provider.azure;

import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpRequest;
import com.azure.core.util.Context;
import com.github.tomakehurst.wiremock.matching.RequestPatternBuilder;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.testkit.azure.ArmModel;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

/**
 * ARM's throttling of operation polls and its VM states through the real SDK: a throttled poll is
 * polled again at ARM's pace (the SDK's poller alone would end the operation Failed), one that asks
 * for longer than the cap defers the launch; VMs that failed, were stopped or deallocated are
 * listed as stopped; {@code SkuNotAvailable} is read per market.
 */
class AzureThrottlingAndStatesTest {
  final MutableClock clock = MutableClock.of(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC);
  final AzureFixture fixture = new AzureFixture();

  @AfterEach
  void close() {
    fixture.close();
  }

  AzureNodeProvider provider(Map<String, Object> extra) {
    fixture.model.retryAfterSeconds(0);
    var settings = fixture.settings();
    settings.putAll(extra);
    return fixture.provider("az", settings, clock);
  }

  static Offering offering(AzureNodeProvider p, CapacityType type) {
    return p.offerings().stream().filter(o -> o.capacityType() == type).findFirst().orElseThrow();
  }

  static LaunchRequest request(Offering offering, List<String> nodes) {
    return AzureFixture.request(offering, nodes, true);
  }

  static List<Instance> launchTwo(AzureNodeProvider p) {
    return p.launch(request(offering(p, CapacityType.ON_DEMAND), List.of("n-1", "n-2"))).launched();
  }

  List<LoggedRequest> requests(RequestPatternBuilder pattern) {
    return fixture.server.wiremock().findAll(pattern);
  }

  @Test
  void aThrottledPollIsPolledAgainNoSoonerThanItsRetryAfterAndTheVmIsPutOnce() {
    AzureNodeProvider p = provider(Map.of());
    fixture.model.pollsBeforeDone(2);
    fixture.model.faults().throttleNextPolls(1, 1, 1);

    LaunchResult result = p.launch(request(offering(p, CapacityType.ON_DEMAND), List.of("n-1")));

    assertThat(result.complete()).isTrue();
    assertThat(requests(putRequestedFor(urlPathMatching(".*/virtualMachines/.*")))).hasSize(1);
    List<LoggedRequest> polls = requests(getRequestedFor(urlPathMatching(".*/operations/.*")));
    assertThat(polls.size()).isGreaterThanOrEqualTo(2);
    long gap = polls.get(1).getLoggedDate().getTime() - polls.get(0).getLoggedDate().getTime();
    assertThat(gap).as("ms between the throttled poll and the next").isGreaterThanOrEqualTo(900);
  }

  @Test
  void aThrottledPollAskingForMoreThanTheCapDefersTheLaunchUntilArmsTime() {
    AzureNodeProvider p = provider(Map.of());
    fixture.model.faults().throttleNextPolls(1);
    Offering onDemand = offering(p, CapacityType.ON_DEMAND);

    LaunchResult deferred = p.launch(request(onDemand, List.of("n-1")));

    ProviderError error = deferred.failures().get(0).error();
    assertThat(error).isInstanceOf(ProviderError.Throttled.class);
    Duration asked = ((ProviderError.Throttled) error).retryAfter();
    assertThat(asked).isBetween(Duration.ofSeconds(30), Duration.ofSeconds(60));
    int puts = requests(putRequestedFor(urlPathMatching(".*/virtualMachines/.*"))).size();
    assertThat(fixture.model.vms()).as("a failed try leaves no VM").isEmpty();

    LaunchResult tooSoon = p.launch(request(onDemand, List.of("n-2")));
    assertThat(tooSoon.failures().get(0).error()).isInstanceOf(ProviderError.Throttled.class);
    assertThat(requests(putRequestedFor(urlPathMatching(".*/virtualMachines/.*")))).hasSize(puts);

    clock.add(asked);
    assertThat(p.launch(request(onDemand, List.of("n-2"))).complete()).isTrue();
  }

  @Test
  void aDeallocatedVmIsListedAsStoppedAndEachListReadsOnlySoManyPowerStates() {
    AzureNodeProvider p = provider(Map.of("powerStateChecksPerList", 1));
    List<Instance> vms = launchTwo(p);
    String second = vms.stream().map(Instance::id).sorted().toList().get(1);
    fixture.model.power(second, "deallocated");

    p.list("az");
    List<Instance> listed = p.list("az");

    assertThat(listed)
        .allSatisfy(
            i ->
                assertThat(i.state())
                    .isEqualTo(
                        i.id().equals(second) ? InstanceState.STOPPED : InstanceState.RUNNING));
    assertThat(requests(getRequestedFor(urlPathMatching(".*/virtualMachines/[^/]+/instanceView"))))
        .hasSize(2);
  }

  @Test
  void aVmThatFailedOrWasPoweredOffIsListedAsStopped() {
    AzureNodeProvider p = provider(Map.of());
    List<Instance> vms = launchTwo(p);
    fixture.model.fail(vms.get(0).id());
    fixture.model.power(vms.get(1).id(), "stopped");

    assertThat(p.list("az"))
        .hasSize(2)
        .allSatisfy(i -> assertThat(i.state()).isEqualTo(InstanceState.STOPPED));
    assertThat(p.get(vms.get(1).id()))
        .hasValueSatisfying(i -> assertThat(i.state()).isEqualTo(InstanceState.STOPPED));
  }

  @Test
  void skuNotAvailableIsNoSpotCapacityForSpotAndAnUnsupportedOfferingOtherwise() {
    AzureNodeProvider p = provider(Map.of());
    fixture.model.faults().noSpotCapacity(AzureFixture.H100);
    fixture.model.faults().restrict(AzureFixture.A100, "");

    ProviderError spot =
        p.launch(request(offering(p, CapacityType.SPOT), List.of("s-1"))).failures().get(0).error();
    ProviderError regular =
        p.launch(request(offering(p, CapacityType.ON_DEMAND), List.of("r-1")))
            .failures()
            .get(0)
            .error();

    assertThat(spot).isInstanceOf(ProviderError.InsufficientCapacity.class);
    assertThat(spot.code()).isEqualTo("SkuNotAvailable");
    assertThat(regular).isInstanceOf(ProviderError.OfferingUnsupported.class);
    assertThat(regular.message())
        .contains("is currently not available in location 'eastus' zones ''");
  }

  @Test
  void theModelRefusesAnInstanceViewListWithoutAFilterAsArmDoes() {
    var http = ArmConnections.trustingClient();
    String url =
        fixture.server.baseUrl()
            + "/subscriptions/"
            + AzureFixture.SUBSCRIPTION
            + "/resourceGroups/"
            + AzureFixture.GROUP
            + "/providers/Microsoft.Compute/virtualMachines?api-version="
            + ArmModel.COMPUTE_API
            + "&$expand=instanceView";

    var response =
        http.sendSync(
            new HttpRequest(HttpMethod.GET, url).setHeader("Authorization", "Bearer t"),
            Context.NONE);

    assertThat(response.getStatusCode()).isEqualTo(400);
    assertThat(response.getBodyAsString().block()).contains("InvalidParameter", "$filter");
  }
}
