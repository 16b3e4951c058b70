package dev.stratus.cli.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.model.CapacityType;
import dev.stratus.core.model.Offering;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedYamlTest {
  @TempDir Path root;

  @Test
  void theEmbeddedClusterListensForNoticesOnTheBridgeAndItsNodesReportThere() throws Exception {
    EmbeddedSpec spec = EmbeddedSpec.random(root, "t1", 4, new Random(7));
    Path yaml = root.resolve("stratus.yaml");
    Files.writeString(yaml, EmbeddedYaml.render(spec));

    StratusConfig config = ConfigLoader.load(yaml);

    assertThat(config.spot().listen()).isEqualTo(spec.bridgeAddress() + ":" + spec.noticePort());
    assertThat(config.spot().grace()).isEqualTo(Duration.ofSeconds(10));
    assertThat(config.providers().get("local"))
        .containsEntry(
            "noticeUrl",
            "http://" + spec.bridgeAddress() + ":" + spec.noticePort() + "/v1/notices");
    assertThat(spec.noticePort()).isNotEqualTo(spec.slurmctldPort());
  }

  @Test
  void spotIsTheCheapestOfferingAndOnDemandTheFallback() throws Exception {
    EmbeddedSpec spec = EmbeddedSpec.random(root, "t1", 2, new Random(7));
    Path yaml = root.resolve("stratus.yaml");
    Files.writeString(yaml, EmbeddedYaml.render(spec));

    var offerings = ConfigLoader.load(yaml).pools().get(0).offerings();

    assertThat(offerings)
        .extracting(Offering::capacityType)
        .containsExactly(CapacityType.SPOT, CapacityType.ON_DEMAND);
    assertThat(offerings.get(0).pricePerHour()).isLessThan(offerings.get(1).pricePerHour());
  }
}
