package dev.stratus.provider.gcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.spi.NodeUserData;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class GcpSettingsTest {
  static Map<String, Object> minimal(Object... offering) {
    Map<String, Object> o = new HashMap<>();
    for (int i = 0; i < offering.length; i += 2) {
      o.put((String) offering[i], offering[i + 1]);
    }
    Map<String, Object> s = new HashMap<>();
    s.put("project", "p");
    s.put("region", "us-central1");
    s.put("offerings", List.of(o));
    return s;
  }

  static GcpSettings parse(Map<String, Object> raw) {
    return GcpSettings.parse(raw, PriceTable.bundled());
  }

  @Test
  void aCatalogTypeGetsItsGpusCpusMemoryAndTheBundledPrice() {
    GcpSettings s =
        parse(
            minimal(
                "zone", "us-central1-a", "machineType", "a2-highgpu-8g", "capacityType", "spot"));

    var o = s.offerings().get(0).offering();
    assertThat(o.gpuModel()).isEqualTo("a100");
    assertThat(o.gpusPerNode()).isEqualTo(8);
    assertThat(o.cpus()).isEqualTo(96);
    assertThat(o.memoryMiB()).isEqualTo(680L * 1024);
    assertThat(o.key().capacityType()).isEqualTo(CapacityType.SPOT);
    assertThat(o.pricePerHour())
        .isEqualTo(
            PriceTable.bundled()
                .price("gcp", "us-central1", "a2-highgpu-8g", CapacityType.SPOT)
                .orElseThrow());
    assertThat(s.network()).isEqualTo("global/networks/default");
    assertThat(s.compactPlacement()).isTrue();
  }

  @Test
  void maxRetryAfterSecondsCapsTheWaitForAThrottledAnswerAndMustBePositive() {
    Map<String, Object> raw = minimal("zone", "us-central1-a", "machineType", "a2-highgpu-8g");
    assertThat(parse(raw).maxRetryAfter()).isEmpty();
    raw.put("maxRetryAfterSeconds", 30);
    assertThat(parse(raw).maxRetryAfter()).hasValue(Duration.ofSeconds(30));

    raw.put("maxRetryAfterSeconds", 0);

    assertThatThrownBy(() -> parse(raw))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("providers.gcp.maxRetryAfterSeconds");
  }

  @Test
  void pricePerHourOverridesTheTable() {
    GcpSettings s =
        parse(
            minimal("zone", "us-central1-a", "machineType", "a2-highgpu-8g", "pricePerHour", 1.25));

    assertThat(s.offerings().get(0).offering().pricePerHour())
        .isEqualByComparingTo(new BigDecimal("1.25"));
  }

  @Test
  void aTypeWithoutAPriceIsAnErrorNamingTheOffering() {
    assertThatThrownBy(
            () -> parse(minimal("zone", "us-central1-a", "machineType", "a3-highgpu-8g")))
        .hasMessageContaining("providers.gcp.offerings[0]")
        .hasMessageContaining("pricePerHour");
  }

  @Test
  void anN1TypeNeedsItsGpuDescriptionAndAccelerator() {
    assertThatThrownBy(
            () ->
                parse(
                    minimal(
                        "zone",
                        "us-central1-a",
                        "machineType",
                        "n1-standard-8",
                        "pricePerHour",
                        1)))
        .hasMessageContaining("providers.gcp.offerings[0].gpuModel");

    GcpSettings s =
        parse(
            minimal(
                "zone",
                "us-central1-a",
                "machineType",
                "n1-standard-8",
                "pricePerHour",
                1,
                "gpuModel",
                "t4",
                "cpus",
                8,
                "memoryMiB",
                30720,
                "acceleratorType",
                "nvidia-tesla-t4",
                "acceleratorCount",
                2));
    assertThat(s.offerings().get(0).acceleratorCount()).isEqualTo(2);
    assertThat(s.offerings().get(0).offering().gpusPerNode()).isEqualTo(2);
  }

  @Test
  void aZoneOutsideTheRegionIsRefused() {
    assertThatThrownBy(
            () -> parse(minimal("zone", "europe-west4-a", "machineType", "a2-highgpu-8g")))
        .hasMessageContaining("offerings[0].zone")
        .hasMessageContaining("us-central1");
  }

  @Test
  void unknownKeysAndMissingProjectAreRefusedByName() {
    Map<String, Object> typo = minimal("zone", "us-central1-a", "machineType", "a2-highgpu-8g");
    typo.put("regoin", "x");
    assertThatThrownBy(() -> parse(typo)).hasMessageContaining("'regoin'");

    Map<String, Object> noProject =
        minimal("zone", "us-central1-a", "machineType", "a2-highgpu-8g");
    noProject.remove("project");
    assertThatThrownBy(() -> parse(noProject)).hasMessageContaining("providers.gcp.project");
  }

  @Test
  void noCredentialsOnlyWithAnEndpoint() {
    Map<String, Object> raw = minimal("zone", "us-central1-a", "machineType", "a2-highgpu-8g");
    raw.put("noCredentials", true);
    assertThatThrownBy(() -> parse(raw)).hasMessageContaining("noCredentials");

    raw.put("endpoint", "http://127.0.0.1:1");
    assertThat(parse(raw).noCredentials()).isTrue();
  }

  @Test
  void startupScriptAndUserDataBecomeMetadataItems() {
    Map<String, Object> raw = minimal("zone", "us-central1-a", "machineType", "a2-highgpu-8g");
    raw.put("startupScript", "#!/bin/sh");
    raw.put("userData", "#cloud-config");

    assertThat(parse(raw).metadata())
        .containsEntry("startup-script", "#!/bin/sh")
        .containsEntry("user-data", "#cloud-config");
  }

  @Test
  void userDataWithAPerNodeTokenSlotIsRefusedBecauseBulkInsertSharesIt() {
    Map<String, Object> raw = minimal("zone", "us-central1-a", "machineType", "a2-highgpu-8g");
    raw.put("userData", "#cloud-config\n# " + NodeUserData.WRAPPING_TOKEN_SLOT);

    Assertions.assertThatThrownBy(() -> parse(raw))
        .hasMessageContaining("metadata.user-data")
        .hasMessageContaining("GCE instances.bulkInsert")
        .hasMessageContaining("bootstrap.vault.auth: cloud");
  }
}
