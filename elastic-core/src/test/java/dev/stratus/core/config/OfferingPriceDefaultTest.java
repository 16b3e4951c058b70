package dev.stratus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An offering without pricePerHour takes the bundled table's price, or names what is missing. */
class OfferingPriceDefaultTest {
  @TempDir Path dir;

  Path write(String offering) throws IOException {
    return Files.writeString(
        dir.resolve("stratus.yaml"),
        """
        cluster: demo
        pools:
          - name: gpu
            gpu: {model: h100, count: 8}
            cpus: 8
            memoryMiB: 64000
            maxNodes: 4
            offerings:
              - %s
        providers:
          aws: {}
          local: {}
        """
            .formatted(offering));
  }

  @Test
  void anAwsSpotOfferingTakesTheTablesSpotPrice() throws IOException {
    StratusConfig c =
        ConfigLoader.load(
            write(
                "{provider: aws, region: us-east-1, zone: us-east-1a, instanceType: p5.48xlarge,"
                    + " capacity: spot}"),
            DeclaredKeysProviders.ALL);

    assertThat(c.pools().get(0).offerings().get(0).pricePerHour())
        .isEqualTo(new BigDecimal("26.7861"));
  }

  @Test
  void anExplicitPriceOverridesTheTable() throws IOException {
    StratusConfig c =
        ConfigLoader.load(
            write(
                "{provider: aws, region: us-east-1, instanceType: p5.48xlarge, pricePerHour: 55}"),
            DeclaredKeysProviders.ALL);

    assertThat(c.pools().get(0).offerings().get(0).pricePerHour()).isEqualTo(new BigDecimal("55"));
  }

  @Test
  void anOfferingTheTableDoesNotKnowMustSetItsPrice() throws IOException {
    Path file = write("{provider: local, region: local, instanceType: t}");

    assertThatThrownBy(() -> ConfigLoader.load(file, DeclaredKeysProviders.ALL))
        .hasMessageContaining("stratus.yaml:9:")
        .hasMessageContaining("pricePerHour")
        .hasMessageContaining("no on_demand price for local t in local");
  }
}
