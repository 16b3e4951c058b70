package dev.stratus.provider.oci;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.CarriesNodeCredentials;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeUserData;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.testkit.LaunchRequests;
import dev.stratus.testkit.oci.OciKeys;
import dev.stratus.testkit.oci.OciModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What goes over the wire to OCI on a launch, and how OCI's errors come back. */
class OciLaunchWireTest {
  @TempDir Path dir;
  OciHarness h;

  OciHarness open(Map<String, Object> extra) {
    h = new OciHarness(dir, extra, Clock.systemUTC());
    return h;
  }

  @AfterEach
  void close() {
    h.close();
  }

  long calls(String call) {
    return h.server().calls().stream().filter(call::equals).count();
  }

  LaunchResult launch(int nodes) {
    return h.provider().launch(LaunchRequests.of(h, h.nodeNames(nodes), true));
  }

  @Test
  void outOfHostCapacityIsTryAnotherOfferingAndNotRetried() {
    open(Map.of()).exhaust(h.offering().key());

    LaunchResult r = launch(1);

    ProviderError e = r.failures().get(0).error();
    assertThat(e).isInstanceOf(ProviderError.InsufficientCapacity.class);
    assertThat(e.describe()).isEqualTo("InternalError: Out of host capacity.");
    assertThat(calls("POST /instances")).isEqualTo(1);
  }

  @Test
  void aServiceLimitIsQuotaNamingTheLimit() {
    open(Map.of()).model().serviceLimit("BM.GPU.H100.8", 1);

    LaunchResult r = launch(2);

    assertThat(r.launched()).isEmpty();
    assertThat(r.failures().get(0).error()).isInstanceOf(ProviderError.QuotaExceeded.class);
    assertThat(r.failures().get(0).error().message()).contains("bm.gpu.h100.8-count");
    assertThat(h.model().liveIds()).isEmpty();
  }

  @Test
  void throttledAndFailedCallsAreRetriedWithTheSameRetryTokenAndLaunchOnce() {
    open(Map.of());
    h.server().throttleNext("POST /instances", 1);
    LaunchResult first = launch(1);
    h.server().failNext("POST /instances", 500, "InternalError", "Internal error, try again.");

    LaunchResult second = launch(1);

    assertThat(first.complete()).isTrue();
    assertThat(second.complete()).isTrue();
    assertThat(h.model().liveIds()).hasSize(2);
    List<String> tokens = h.server().retryTokens();
    assertThat(tokens).hasSize(4).doesNotContainNull();
    assertThat(tokens.get(0)).isEqualTo(tokens.get(1));
    assertThat(tokens.get(2)).isEqualTo(tokens.get(3)).isNotEqualTo(tokens.get(0));
  }

  @Test
  void aRepeatedLaunchAnsweredFromTheRetryTokenStartsNoSecondInstance() {
    open(Map.of());
    var request = LaunchRequests.of(h, h.nodeNames(1), true);

    String id = h.provider().launch(request).launched().get(0).id();
    // a new provider (a restarted controller) does not remember the launch, and OCI's list lags
    try (var restarted = h.another(Map.of())) {
      assertThat(restarted.launch(request).launched()).extracting(Instance::id).containsExactly(id);
      assertThat(h.model().liveIds()).containsExactly(id);
    }
  }

  @Test
  void eachNodesUserDataCarriesItsOwnWrappingTokenAndAReusedTokenWithNewDataIsAdopted()
      throws Exception {
    Path userData = dir.resolve("cloud-init-oci.yaml");
    Files.writeString(
        userData,
        "#cloud-config\nwrite_files:\n  - content: '" + NodeUserData.WRAPPING_TOKEN_SLOT + "'\n");
    open(Map.of("userDataFile", userData.toString()));
    h.model().listLag(Duration.ZERO);
    h.model().listLagCalls(2);
    List<String> nodes = h.nodeNames(2);
    String token = "launch-token-1";

    LaunchResult first =
        h.provider()
            .launch(
                LaunchRequests.of(h, token, nodes, true, LaunchRequests.credentials(nodes, "a")));
    // the controller restarted and issued fresh credentials for the same launch: the bodies
    // differ, OCI answers 409 Conflict, and the provider adopts the instances of the first call
    LaunchResult second;
    try (var restarted = h.another(Map.of())) {
      second =
          restarted.launch(
              LaunchRequests.of(h, token, nodes, true, LaunchRequests.credentials(nodes, "b")));
    }

    assertThat(((CarriesNodeCredentials) h.provider()).needsNodeCredentials()).isTrue();
    for (Instance i : first.launched()) {
      String node = i.nodeName().orElseThrow();
      assertThat(h.model().userDataOf(i.id()))
          .contains("hvs.wrap-a-" + node)
          .doesNotContain("@STRATUS");
    }
    assertThat(second.complete()).isTrue();
    assertThat(second.launched())
        .extracting(Instance::id)
        .containsExactlyInAnyOrderElementsOf(first.launched().stream().map(Instance::id).toList());
    assertThat(h.model().liveIds()).hasSize(2);
    // two launches per node: the first made the instance, the second was refused (409) and adopted
    assertThat(calls("POST /instances")).isEqualTo(4);
  }

  @Test
  void aLaunchWithoutTheCredentialItsUserDataWantsIsRefusedBeforeAnyCall() throws Exception {
    Path userData = dir.resolve("cloud-init-oci.yaml");
    Files.writeString(userData, "token: " + NodeUserData.WRAPPING_TOKEN_SLOT + "\n");
    open(Map.of("userDataFile", userData.toString()));

    LaunchResult r = launch(1);

    assertThat(r.failures().get(0).error().code()).isEqualTo("NoNodeCredential");
    assertThat(calls("POST /instances")).isZero();
  }

  @Test
  void anUntrustedSigningKeyIsUnauthorizedAndNotRetried() {
    open(Map.of());
    h.server()
        .trust(
            OciModel.TENANCY + "/" + OciHarness.USER + "/" + OciHarness.FINGERPRINT,
            OciKeys.other());

    LaunchResult r = launch(1);

    assertThat(r.failures().get(0).error()).isInstanceOf(ProviderError.Unauthorized.class);
    assertThat(r.failures().get(0).error().code()).isEqualTo("NotAuthenticated");
    assertThat(h.server().calls()).hasSize(1);
  }

  @Test
  void aReservedOfferingLaunchesIntoItsReservationUntilItIsFull() {
    String reservation = "ocid1.capacityreservation.oc1.iad.aaaastratusreserved";
    open(
        Map.of(
            "offerings",
            List.of(
                Map.of(
                    "shape",
                    "BM.GPU.A100-v2.8",
                    "availabilityDomain",
                    OciHarness.AD,
                    "capacityReservationId",
                    reservation))));
    h.model().reservation(reservation, OciHarness.AD, "BM.GPU.A100-v2.8", 1);

    LaunchResult first = launch(1);
    LaunchResult second = launch(1);

    assertThat(first.complete()).isTrue();
    assertThat(second.failures().get(0).error())
        .isInstanceOf(ProviderError.InsufficientCapacity.class);
    assertThat(h.model().liveIds()).hasSize(1);
  }

  @Test
  void aSpotOfferingOfAVmShapeIsPreemptibleCapacityThatTerminatesItsBootVolume() {
    open(
        Map.of(
            "offerings",
            List.of(
                Map.of(
                    "shape",
                    "VM.GPU.A10.1",
                    "availabilityDomain",
                    OciHarness.AD,
                    "capacityType",
                    "spot",
                    "pricePerHour",
                    1.0,
                    "gpuModel",
                    "a10",
                    "gpusPerNode",
                    1,
                    "cpus",
                    30,
                    "memoryMiB",
                    245760))));

    String id = launch(1).launched().get(0).id();

    assertThat(h.provider().get(id).orElseThrow().offering().capacityType())
        .isEqualTo(CapacityType.SPOT);
  }
}
