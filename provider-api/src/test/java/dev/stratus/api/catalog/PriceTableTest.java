package dev.stratus.api.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.CapacityType;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PriceTableTest {
  final PriceTable table = PriceTable.bundled();

  @Test
  void bundledTableHasTheH100AndA100TypesOfEachCloudWithSources() {
    assertThat(table.price("aws", "us-east-1", "p5.48xlarge", CapacityType.ON_DEMAND))
        .contains(new BigDecimal("98.32"));
    assertThat(table.price("aws", "us-east-1", "p5.48xlarge", CapacityType.SPOT))
        .contains(new BigDecimal("26.7861"));
    assertThat(table.price("gcp", "us-central1", "a2-highgpu-8g", CapacityType.ON_DEMAND))
        .isPresent();
    assertThat(table.find("azure", "eastus", "Standard_ND96isr_H100_v5"))
        .hasValueSatisfying(
            p -> {
              assertThat(p.spot()).isNull();
              assertThat(p.gpus()).isEqualTo(8);
              assertThat(p.source()).contains("SkyPilot catalog");
            });
  }

  @Test
  void everyBundledTypeHasItsNominalShapeAndAGuestSeesLessMemory() {
    assertThat(table.rows()).allSatisfy(p -> assertThat(p.shape()).isNotNull());
    assertThat(table.shape("aws", "p5.48xlarge")).contains(new PriceTable.Shape(192, 2048L * 1024));
    PriceTable.Shape nd96 = table.shape("azure", "Standard_ND96isr_H100_v5").orElseThrow();
    assertThat(nd96).isEqualTo(new PriceTable.Shape(96, 1900L * 1024));
    assertThat(nd96.guestMemoryMiB()).isEqualTo(1900L * 1024 * 95 / 100).isLessThan(1945600);
    assertThat(table.shape("aws", "p9.unknown")).isEmpty();
  }

  @Test
  void quotedSourcesWithCommasStayOneColumn() {
    assertThat(table.find("gcp", "us-west1", "a3-highgpu-8g"))
        .hasValueSatisfying(p -> assertThat(p.source()).contains("WARNING"));
  }

  @Test
  void aBadRowIsAnErrorNamingItsLine() {
    String csv =
        "provider,region,instance_type,gpu_model,gpus,on_demand_usd_hr,spot_usd_hr,source,date\n"
            + "aws,us-east-1,p5.48xlarge,H100,8,98.32,,x,y\n"
            + "aws,us-east-1,p4d.24xlarge,A100,eight,1,,x,y\n";

    assertThatThrownBy(
            () ->
                PriceTable.parse(
                    new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)), "prices.csv"))
        .hasMessageStartingWith("prices.csv:3:");
  }
}
