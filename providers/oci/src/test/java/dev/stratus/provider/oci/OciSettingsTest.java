package dev.stratus.provider.oci;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.CapacityType;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OciSettingsTest {
  static final String AD = "Uocm:US-ASHBURN-AD-1";
  @TempDir Path dir;

  static Map<String, Object> base(Object offerings) {
    Map<String, Object> m = new HashMap<>();
    m.put("region", "us-ashburn-1");
    m.put("compartmentId", "ocid1.compartment.oc1..aaaa");
    m.put("subnetId", "ocid1.subnet.oc1.iad.aaaa");
    m.put("imageId", "ocid1.image.oc1.iad.aaaa");
    m.put("offerings", offerings);
    return m;
  }

  static OciSettings parse(Map<String, Object> raw) {
    return OciSettings.parse(raw, PriceTable.bundled());
  }

  static Map<String, Object> offering(String shape, String capacity) {
    return Map.of("shape", shape, "availabilityDomain", AD, "capacityType", capacity);
  }

  @Test
  void aKnownShapeTakesItsGpusMemoryAndListPriceFromTheCatalogAndTable() {
    OciSettings s = parse(base(List.of(offering("BM.GPU.H100.8", "on-demand"))));

    var o = s.offerings().get(0);
    assertThat(o.key().zone()).isEqualTo(AD);
    assertThat(o.gpuModel()).isEqualTo("h100");
    assertThat(o.gpusPerNode()).isEqualTo(8);
    assertThat(o.cpus()).isEqualTo(224);
    assertThat(o.pricePerHour()).isEqualByComparingTo("80");
    assertThat(s.auth().type()).isEqualTo(OciAuth.Type.INSTANCE_PRINCIPAL);
  }

  @Test
  void theListPriceOfOneRegionServesAnotherBecauseOciListsOnePrice() {
    Map<String, Object> raw = base(List.of(offering("BM.GPU4.8", "on-demand")));
    raw.put("region", "eu-frankfurt-1");

    assertThat(parse(raw).offerings().get(0).pricePerHour()).isEqualByComparingTo("24.4");
  }

  @Test
  void anUnknownKeyIsRefusedNamingItAndTheKnownOnes() {
    Map<String, Object> raw = base(List.of());
    raw.put("regoin", "x");

    assertThatThrownBy(() -> parse(raw))
        .hasMessageStartingWith("providers.oci: unknown setting 'regoin'; known: [");
  }

  @Test
  void anUnknownKeyInAnOfferingIsRefusedAtItsPlace() {
    var raw = base(List.of(Map.of("shape", "BM.GPU4.8", "availabilityDomain", AD, "zone", "x")));

    assertThatThrownBy(() -> parse(raw))
        .hasMessageStartingWith("providers.oci.offerings[0]: unknown setting 'zone'");
  }

  @Test
  void aMissingRequiredKeyIsNamed() {
    Map<String, Object> raw = base(List.of());
    raw.remove("subnetId");

    assertThatThrownBy(() -> parse(raw)).hasMessage("providers.oci.subnetId is required");
  }

  @Test
  void aCompartmentThatIsNoOcidIsRefused() {
    Map<String, Object> raw = base(List.of());
    raw.put("compartmentId", "my-compartment");

    assertThatThrownBy(() -> parse(raw))
        .hasMessageContaining(
            "providers.oci.compartmentId must be a compartment OCID (ocid1.compartment.…) or the tenancy's");
  }

  @Test
  void theRootCompartmentIsTheTenancyAndHostsAreListedWhereTheSettingsSay() {
    Map<String, Object> raw = base(List.of());
    raw.put("compartmentId", "ocid1.tenancy.oc1..aaaa");

    assertThat(parse(raw).hostsInRoot()).isTrue();
    raw.put("compartmentId", "ocid1.compartment.oc1..aaaa");
    assertThat(parse(raw).hostsInRoot()).isFalse();
    raw.put("hostCompartmentId", "ocid1.tenancy.oc1..aaaa");
    assertThat(parse(raw).hostCompartmentId()).isEqualTo("ocid1.tenancy.oc1..aaaa");
  }

  @Test
  void spotOnABareMetalShapeIsRefusedBecauseOciHasNoPreemptibleBareMetal() {
    assertThatThrownBy(() -> parse(base(List.of(offering("BM.GPU.H100.8", "spot")))))
        .hasMessageContaining("providers.oci.offerings[0].capacityType is spot")
        .hasMessageContaining("does not support bare-metal instances");
  }

  @Test
  void aPreemptibleVmShapeCostsHalfItsGivenOnDemandPriceUnlessPriced() {
    var vm =
        Map.<String, Object>of(
            "shape",
            "VM.GPU.A10.1",
            "availabilityDomain",
            AD,
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
            245760);

    var o = parse(base(List.of(vm))).offerings().get(0);

    assertThat(o.capacityType()).isEqualTo(CapacityType.SPOT);
    assertThat(o.pricePerHour()).isEqualByComparingTo(BigDecimal.ONE);
  }

  @Test
  void spotWithACapacityReservationIsRefused() {
    var o =
        Map.<String, Object>of(
            "shape",
            "VM.GPU.A10.1",
            "availabilityDomain",
            AD,
            "capacityType",
            "spot",
            "capacityReservationId",
            "ocid1.capacityreservation.oc1.iad.aaaa",
            "pricePerHour",
            1,
            "gpuModel",
            "a10",
            "gpusPerNode",
            1,
            "cpus",
            30,
            "memoryMiB",
            245760);

    assertThatThrownBy(() -> parse(base(List.of(o))))
        .hasMessageContaining("capacityReservationId cannot be used with spot");
  }

  @Test
  void aShapeOutsideTheCatalogWithoutItsSpecsSaysWhatToGive() {
    var o =
        Map.<String, Object>of(
            "shape", "BM.GPU.L40S.4", "availabilityDomain", AD, "pricePerHour", 14);

    assertThatThrownBy(() -> parse(base(List.of(o))))
        .hasMessageContaining("providers.oci.offerings[0]")
        .hasMessageContaining("give gpuModel, gpusPerNode, cpus, memoryMiB");
  }

  @Test
  void theSameOfferingTwiceIsRefused() {
    var o = offering("BM.GPU4.8", "on-demand");

    assertThatThrownBy(() -> parse(base(List.of(o, o)))).hasMessageContaining("configured twice");
  }

  @Test
  void userDataOverOcisMetadataLimitIsRefusedWithItsSize() throws Exception {
    Path big = dir.resolve("user-data.yaml");
    Files.writeString(big, "#cloud-config\n" + "x".repeat(30_000));
    Map<String, Object> raw = base(List.of());
    raw.put("userDataFile", big.toString());

    assertThatThrownBy(() -> parse(raw))
        .hasMessageContaining("providers.oci.userDataFile")
        .hasMessageContaining("at most 32000 bytes");
  }

  @Test
  void anApiKeyAuthNeedsAReadableKeyFileAndAnUnknownTypeIsNamed() {
    Map<String, Object> raw = base(List.of());
    raw.put(
        "auth",
        Map.of(
            "type",
            "api_key",
            "tenancyId",
            "t",
            "userId",
            "u",
            "fingerprint",
            "f",
            "privateKeyFile",
            dir.resolve("missing.pem").toString()));
    assertThatThrownBy(() -> parse(raw))
        .hasMessageContaining("providers.oci.auth.privateKeyFile is not a readable file");

    raw.put("auth", Map.of("type", "password"));
    assertThatThrownBy(() -> parse(raw))
        .hasMessageContaining("must be instance_principal, config_file or api_key, got password");
  }
}
