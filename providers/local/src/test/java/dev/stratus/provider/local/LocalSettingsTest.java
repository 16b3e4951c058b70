package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.CapacityType;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LocalSettingsTest {
  static final Path STATE = Path.of("/var/lib/stratus/providers/local");

  @Test
  void emptySettingsGiveTheDocumentedDefaults() {
    LocalSettings s = LocalSettings.parse(Map.of(), STATE);

    assertThat(s.bridge()).isEqualTo("stratus0");
    assertThat(s.subnet()).isEqualTo(Subnet.parse("10.77.0.0/24"));
    assertThat(s.deviceDir()).isEqualTo(STATE.resolve("dev"));
    assertThat(s.gpuCount()).isEqualTo(8);
    assertThat(s.offerings()).isEmpty();
    assertThat(s.faults()).isEqualTo(LocalFaults.none());
    assertThat(s.agentTimeout()).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void offeringsAreLocalOfferingsWithDefaultsFromTheSettings() {
    LocalSettings s =
        LocalSettings.parse(
            Map.of(
                "gpuCount",
                4,
                "offerings",
                List.of(
                    Map.of(
                        "instanceType",
                        "ns-h100x4",
                        "gpuModel",
                        "h100",
                        "capacityType",
                        "spot",
                        "pricePerHour",
                        "1.25"))),
            STATE);

    assertThat(s.offerings())
        .singleElement()
        .satisfies(
            o -> {
              assertThat(o.key().toString()).isEqualTo("local/local/ns-h100x4/spot");
              assertThat(o.capacityType()).isEqualTo(CapacityType.SPOT);
              assertThat(o.gpusPerNode()).isEqualTo(4);
              assertThat(o.pricePerHour()).isEqualByComparingTo("1.25");
            });
  }

  @Test
  void badValuesAreRefusedNamingTheSetting() {
    assertThatThrownBy(() -> LocalSettings.parse(Map.of("brigde", "x"), STATE))
        .hasMessageContaining("providers.local: unknown setting 'brigde'");
    assertThatThrownBy(() -> LocalSettings.parse(Map.of("bridge", "much-too-long-name"), STATE))
        .hasMessageContaining("bridge 'much-too-long-name'");
    assertThatThrownBy(() -> LocalSettings.parse(Map.of("gpuCount", "8"), STATE))
        .hasMessageContaining(
            "providers.local.gpuCount must be a whole number in 0..64, got \"8\"");
    assertThatThrownBy(() -> LocalSettings.parse(Map.of("deviceDir", "dev"), STATE))
        .hasMessageContaining("providers.local.deviceDir must be an absolute path");
    assertThatThrownBy(
            () ->
                LocalSettings.parse(
                    Map.of("offerings", List.of(Map.of("gpuModel", "h100"))), STATE))
        .hasMessageContaining("providers.local.offerings[0].instanceType is required");
  }

  @Test
  void faultsMayBeOneNameOrAList() {
    LocalSettings s =
        LocalSettings.parse(
            Map.of("failLaunches", "*", "exhaustedOfferings", List.of("ns-a")), STATE);

    assertThat(s.faults().failsLaunchOf("anything")).isTrue();
    assertThat(s.faults().exhaustedOfferings()).containsExactly("ns-a");
  }

  @Test
  void theNoticeUrlAndMetadataPortAreReadAndCheckedNamingTheSetting() {
    LocalSettings s =
        LocalSettings.parse(
            Map.of("noticeUrl", "http://10.77.0.1:8620/v1/notices", "imdsPort", 8080), STATE);

    assertThat(s.noticeUrl()).contains(URI.create("http://10.77.0.1:8620/v1/notices"));
    assertThat(s.imdsPort()).isEqualTo(8080);
    assertThat(LocalSettings.parse(Map.of(), STATE).noticeUrl()).isEmpty();
    assertThat(LocalSettings.parse(Map.of(), STATE).imdsPort()).isEqualTo(80);
    assertThatThrownBy(() -> LocalSettings.parse(Map.of("noticeUrl", "https://ctl/v1"), STATE))
        .hasMessageContaining("noticeUrl 'https://ctl/v1' must be http://HOST:PORT/PATH");
    assertThatThrownBy(() -> LocalSettings.parse(Map.of("imdsPort", 0), STATE))
        .hasMessageContaining("providers.local.imdsPort must be a whole number in 1..65535");
  }

  @Test
  void confServerMakesTheNodesConfiglessAndIsCheckedWhenRead() {
    assertThat(LocalSettings.parse(Map.of(), STATE).confServer()).isEmpty();
    assertThat(LocalSettings.parse(Map.of("confServer", "10.77.0.1:6817"), STATE).confServer())
        .isEqualTo("10.77.0.1:6817");
    assertThatThrownBy(() -> LocalSettings.parse(Map.of("confServer", "10.77.0.1:0"), STATE))
        .hasMessageContaining("providers.local.confServer '10.77.0.1:0' must be host[:port]");
  }
}
