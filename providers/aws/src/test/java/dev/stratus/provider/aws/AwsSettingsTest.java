package dev.stratus.provider.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.spi.NodeUserData;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AwsSettingsTest {
  static Map<String, Object> valid() {
    Map<String, Object> s = new HashMap<>();
    s.put("region", "us-east-1");
    s.put("launchTemplate", Map.of("name", "stratus-gpu"));
    s.put(
        "subnets", Map.of("us-east-1a", "subnet-1", "us-east-1b", List.of("subnet-2", "subnet-3")));
    s.put(
        "offerings",
        List.of(
            Map.of("instanceType", "p5.48xlarge", "zone", "us-east-1a", "capacityType", "spot"),
            Map.of("instanceType", "p4d.24xlarge", "zone", "us-east-1b", "pricePerHour", 21.96)));
    return s;
  }

  private static AwsSettings parse(Map<String, Object> s) {
    return AwsSettings.parse(s, PriceTable.bundled());
  }

  @Test
  void offeringsTakeTheirShapeFromTheCatalogAndTheirPriceFromTheTableUnlessGiven() {
    AwsSettings s = parse(valid());

    var p5 = s.offerings().get(0);
    assertThat(p5.gpuModel()).isEqualTo("h100");
    assertThat(p5.gpusPerNode()).isEqualTo(8);
    assertThat(p5.capacityType()).isEqualTo(CapacityType.SPOT);
    assertThat(p5.pricePerHour())
        .isEqualTo(
            PriceTable.bundled()
                .price("aws", "us-east-1", "p5.48xlarge", CapacityType.SPOT)
                .orElseThrow());
    var p4d = s.offerings().get(1);
    assertThat(p4d.capacityType()).isEqualTo(CapacityType.ON_DEMAND);
    assertThat(p4d.pricePerHour()).isEqualByComparingTo(new BigDecimal("21.96"));
    assertThat(s.subnetsOf("us-east-1b")).containsExactly("subnet-2", "subnet-3");
    assertThat(s.launchTemplate().version()).isEqualTo("$Default");
    assertThat(s.spotAllocationStrategy()).isEqualTo("price-capacity-optimized");
  }

  @Test
  void anUnknownKeyIsRefusedByName() {
    var s = valid();
    s.put("regoin", "x");
    assertThatThrownBy(() -> parse(s))
        .hasMessageContaining("providers.aws: unknown setting 'regoin'");
  }

  @Test
  void anOfferingInAZoneWithoutSubnetIsRefusedWithItsPosition() {
    var s = valid();
    s.put("offerings", List.of(Map.of("instanceType", "p5.48xlarge", "zone", "us-east-1c")));
    assertThatThrownBy(() -> parse(s))
        .hasMessageContaining("providers.aws.offerings[0].zone")
        .hasMessageContaining("us-east-1c");
  }

  @Test
  void aLaunchTemplateNeedsExactlyOneOfIdAndName() {
    var s = valid();
    s.put("launchTemplate", Map.of("id", "lt-1", "name", "x"));
    assertThatThrownBy(() -> parse(s)).hasMessageContaining("providers.aws.launchTemplate");
  }

  @Test
  void aTypeOutsideTheCatalogNeedsItsShape() {
    var s = valid();
    s.put(
        "offerings",
        List.of(Map.of("instanceType", "g6.xlarge", "zone", "us-east-1a", "pricePerHour", 1)));
    assertThatThrownBy(() -> parse(s))
        .hasMessageContaining("offerings[0]")
        .hasMessageContaining("not in the catalog");
  }

  @Test
  void anOfferingWithoutAKnownPriceNeedsPricePerHour() {
    var s = valid();
    s.put("region", "eu-north-1");
    assertThatThrownBy(() -> parse(s))
        .hasMessageContaining("providers.aws.offerings[0].pricePerHour");
  }

  @Test
  void thePriceListIsAskedInUsEast1UnlessAnotherOfItsRegionsIsNamed() {
    assertThat(parse(valid()).pricesRegion()).isEqualTo("us-east-1");
    var s = valid();
    s.put("pricesRegion", "ap-south-1");
    assertThat(parse(s).pricesRegion()).isEqualTo("ap-south-1");
    s.put("pricesRegion", "us-west-2");
    assertThatThrownBy(() -> parse(s))
        .hasMessageContaining("providers.aws.pricesRegion must be one of")
        .hasMessageContaining("got us-west-2");
  }

  @Test
  void anUnknownSpotStrategyIsRefused() {
    var s = valid();
    s.put("spotAllocationStrategy", "lowest-price");
    assertThatThrownBy(() -> parse(s)).hasMessageContaining("spotAllocationStrategy");
  }

  @Test
  void explicitCredentialsNeverPrintTheSecret() {
    var s = valid();
    s.put("credentials", Map.of("accessKeyId", "AKIA1", "secretAccessKey", "s3cr3t"));
    assertThat(parse(s).toString()).doesNotContain("s3cr3t");
  }

  @Test
  void aUserDataFileWithAPerNodeTokenSlotIsRefusedBecauseCreateFleetSharesIt(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("cloud-init-aws.yaml");
    Files.writeString(file, "#cloud-config\n# " + NodeUserData.WRAPPING_TOKEN_SLOT);
    Map<String, Object> s = valid();
    s.put("userDataFile", file.toString());

    Assertions.assertThatThrownBy(() -> parse(s))
        .hasMessageContaining("userDataFile")
        .hasMessageContaining("EC2 CreateFleet")
        .hasMessageContaining("bootstrap.vault.auth: cloud");
  }

  @Test
  void reservationsAreReadAfreshEveryMinuteByDefaultAndTheRefreshIsBounded() {
    assertThat(parse(valid()).reservationsRefresh()).isEqualTo(Duration.ofSeconds(60));
    Map<String, Object> s = valid();
    s.put("reservationsRefreshSeconds", 7200);
    assertThatThrownBy(() -> parse(s))
        .hasMessageContaining("providers.aws.reservationsRefreshSeconds");
  }
}
