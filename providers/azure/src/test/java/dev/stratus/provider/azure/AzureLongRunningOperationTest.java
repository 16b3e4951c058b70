package dev.stratus.provider.azure;

import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * VM creation as ARM runs it: 201 Creating + {@code Azure-AsyncOperation}, polls answering
 * InProgress then Succeeded at the pace of {@code Retry-After}, then a final GET of the VM.
 */
class AzureLongRunningOperationTest {
  final AzureFixture fixture = new AzureFixture();
  final AzureNodeProvider provider = fixture.provider("lro");

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void theProviderPollsTheOperationAtTheRetryAfterPaceThenReadsTheVm() {
    fixture.model.retryAfterSeconds(1);
    fixture.model.pollsBeforeDone(2);
    var offering =
        provider.offerings().stream()
            .filter(o -> o.capacityType() == CapacityType.ON_DEMAND)
            .findFirst()
            .orElseThrow();

    var result =
        provider.launch(
            new LaunchRequest(
                "lro",
                "gpu",
                offering,
                List.of("n-1"),
                "tok",
                Map.of(Tags.CLUSTER, "lro", Tags.POOL, "gpu", Tags.TOKEN, "tok"),
                true));

    assertThat(result.launched())
        .singleElement()
        .satisfies(i -> assertThat(i.state()).isEqualTo(InstanceState.RUNNING));
    var wm = fixture.server.wiremock();
    var put = wm.findAll(putRequestedFor(urlPathMatching(".*/virtualMachines/.*"))).get(0);
    var polls = wm.findAll(getRequestedFor(urlPathMatching(".*/operations/.*")));
    assertThat(polls).hasSize(3); // InProgress, InProgress, Succeeded
    long firstGap = polls.get(0).getLoggedDate().getTime() - put.getLoggedDate().getTime();
    long secondGap =
        polls.get(1).getLoggedDate().getTime() - polls.get(0).getLoggedDate().getTime();
    assertThat(firstGap).isGreaterThanOrEqualTo(900);
    assertThat(secondGap).isGreaterThanOrEqualTo(900);
    var finalGet = wm.findAll(getRequestedFor(urlPathMatching(".*/virtualMachines/[^/]+")));
    assertThat(finalGet).isNotEmpty();
    assertThat(finalGet.get(finalGet.size() - 1).getLoggedDate())
        .isAfterOrEqualTo(polls.get(2).getLoggedDate());
  }
}
