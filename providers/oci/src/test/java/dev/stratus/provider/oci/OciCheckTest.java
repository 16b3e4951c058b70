package dev.stratus.provider.oci;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.spi.ProviderCheck;
import dev.stratus.testkit.oci.OciKeys;
import dev.stratus.testkit.oci.OciModel;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stratus providers check} for OCI: read-only calls, one line each. */
class OciCheckTest {
  static final String RESERVATION = "ocid1.capacityreservation.oc1.iad.aaaastratusreserved";
  @TempDir Path dir;
  OciHarness h;

  @AfterEach
  void close() {
    h.close();
  }

  List<ProviderCheck.Result> check(Map<String, Object> extra) {
    h = new OciHarness(dir, extra, Clock.systemUTC());
    h.model().reservation(RESERVATION, OciHarness.AD, "BM.GPU.A100-v2.8", 4);
    return ((ProviderCheck) h.provider()).check();
  }

  @Test
  void aGoodSetupPassesEveryLineAndChangesNothing() {
    var results =
        check(
            Map.of(
                "offerings",
                List.of(
                    Map.of("shape", "BM.GPU.H100.8", "availabilityDomain", OciHarness.AD),
                    Map.of(
                        "shape",
                        "BM.GPU.A100-v2.8",
                        "availabilityDomain",
                        OciHarness.AD,
                        "capacityReservationId",
                        RESERVATION))));

    assertThat(results)
        .allSatisfy(r -> assertThat(r.ok()).as(r.what() + ": " + r.detail()).isTrue());
    assertThat(results)
        .extracting(ProviderCheck.Result::what)
        .contains(
            "list instances in the compartment", "subnet", "image", "shapes in " + OciHarness.AD);
    assertThat(results.get(results.size() - 1).detail())
        .isEqualTo("4 of 4 reserved instances free");
    assertThat(h.server().calls()).allMatch(c -> c.startsWith("GET "));
  }

  @Test
  void aShapeTheAvailabilityDomainDoesNotOfferFailsItsLine() {
    String ad3 = OciModel.ADS.get(2);
    var results =
        check(
            Map.of("offerings", List.of(Map.of("shape", "BM.GPU4.8", "availabilityDomain", ad3))));

    var line =
        results.stream().filter(r -> r.what().equals("shapes in " + ad3)).findFirst().orElseThrow();
    assertThat(line.ok()).isFalse();
    assertThat(line.detail()).contains("not offered to this tenancy in " + ad3 + ": [BM.GPU4.8]");
  }

  @Test
  void anUntrustedKeyFailsEveryLineSayingTheSignatureWasRefused() {
    h = new OciHarness(dir, Map.of(), Clock.systemUTC());
    h.server()
        .trust(
            OciModel.TENANCY + "/" + OciHarness.USER + "/" + OciHarness.FINGERPRINT,
            OciKeys.other());

    var results = ((ProviderCheck) h.provider()).check();

    assertThat(results).allSatisfy(r -> assertThat(r.ok()).isFalse());
    assertThat(results.get(0).detail())
        .startsWith("NotAuthenticated: ")
        .contains("OCI refused the request's signature")
        .doesNotContain("policy statement");
  }

  @Test
  void aCallThePolicyDoesNotAllowFailsItsLineNamingTheStatementToAdd() {
    h = new OciHarness(dir, Map.of(), Clock.systemUTC());
    h.server().deny("GET /subnets/{id}");

    var results = ((ProviderCheck) h.provider()).check();

    var subnet = results.stream().filter(r -> r.what().equals("subnet")).findFirst().orElseThrow();
    assertThat(subnet.ok()).isFalse();
    assertThat(subnet.detail())
        .startsWith("NotAuthorizedOrNotFound: ")
        .contains(
            "add the policy statement: Allow dynamic-group <stratus> to use virtual-network-family"
                + " in compartment <compartment>");
    assertThat(results.stream().filter(r -> r != subnet)).allMatch(ProviderCheck.Result::ok);
  }

  @Test
  void computeHostsListedOutsideTheRootCompartmentSayWhyPlacementWillBeMissing() {
    var results = check(Map.of("hostCompartmentId", OciModel.COMPARTMENT));

    var hosts =
        results.stream()
            .filter(r -> r.what().equals("list compute hosts (placement)"))
            .findFirst()
            .orElseThrow();
    assertThat(hosts.ok()).isTrue();
    assertThat(hosts.detail())
        .startsWith("0 on the first page")
        .contains("set hostCompartmentId to the tenancy OCID");
  }
}
