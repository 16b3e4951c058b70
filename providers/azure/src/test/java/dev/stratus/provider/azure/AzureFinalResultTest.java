package dev.stratus.provider.azure;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.client.WireMock;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Found by the chaos suite: when ARM answers the final GET of a created VM with an error (a 500
 * here), the SDK hands back a VM without name or location, and the launch failed on a
 * NullPointerException (an "Unexpected" error that set the node DOWN). It is a transient answer:
 * the call is retried, the PUT of the same name finds the VM, and the launch succeeds.
 */
class AzureFinalResultTest {
  final AzureFixture fixture = new AzureFixture();
  final AzureNodeProvider provider = fixture.provider("fin");

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void anErrorOnTheFinalGetOfACreatedVmIsRetriedNotACrash() {
    fixture.model.retryAfterSeconds(0);
    var wm = fixture.server.wiremock();
    wm.stubFor(
        get(urlPathMatching(".*/virtualMachines/st-n-1-[0-9a-f]+"))
            .atPriority(1)
            .inScenario("final GET")
            .whenScenarioStateIs(STARTED)
            .willSetStateTo("answered")
            .willReturn(
                WireMock.aResponse()
                    .withStatus(500)
                    .withHeader("Content-Type", "application/json")
                    .withBody(
                        "{\"error\":{\"code\":\"InternalServerError\",\"message\":\"oops\"}}")));
    var offering =
        provider.offerings().stream()
            .filter(o -> o.capacityType() == CapacityType.ON_DEMAND)
            .findFirst()
            .orElseThrow();

    var result =
        provider.launch(
            new LaunchRequest(
                "fin",
                "gpu",
                offering,
                List.of("n-1"),
                "tok",
                Map.of(Tags.CLUSTER, "fin", Tags.POOL, "gpu", Tags.TOKEN, "tok"),
                true));

    assertThat(result.launched())
        .singleElement()
        .satisfies(i -> assertThat(i.id()).startsWith("st-n-1-"));
    assertThat(fixture.model.vms()).hasSize(1);
    assertThat(wm.findAll(putRequestedFor(urlPathMatching(".*/virtualMachines/.*"))))
        .hasSizeGreaterThanOrEqualTo(1);
  }
}
