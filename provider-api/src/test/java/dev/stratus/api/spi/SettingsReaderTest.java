package dev.stratus.api.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.CapacityType;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsReaderTest {
  static final SettingKeys KEYS =
      SettingKeys.of(
              "region", "pageSize", "placement", "timeout", "price", "zones", "offerings", "tags")
          .with("offerings", SettingKeys.of("instanceType", "capacityType"));

  static SettingsReader read(Map<String, ?> values) {
    return SettingsReader.of("aws", KEYS, values);
  }

  @Test
  void anUnknownKeyIsRefusedNamingTheProviderTheKeyAndTheKnownKeys() {
    assertThatThrownBy(() -> read(Map.of("regoin", "us-east-1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "providers.aws: unknown setting 'regoin'; known: [offerings, pageSize, placement,"
                + " price, region, tags, timeout, zones]");
  }

  @Test
  void anUnknownKeyInsideADeclaredBlockIsRefusedAtItsPlace() {
    SettingsReader r = read(Map.of("offerings", List.of(Map.of("instanceTyp", "p5.48xlarge"))));

    assertThatThrownBy(() -> r.blocks("offerings"))
        .hasMessage(
            "providers.aws.offerings[0]: unknown setting 'instanceTyp'; known: [capacityType,"
                + " instanceType]");
  }

  @Test
  void aMissingRequiredKeyIsNamedWithItsProvider() {
    assertThatThrownBy(() -> read(Map.of()).requiredString("region"))
        .hasMessage("providers.aws.region is required");
    SettingsReader entry = read(Map.of("offerings", List.of(Map.of()))).blocks("offerings").get(0);
    assertThatThrownBy(() -> entry.requiredString("instanceType"))
        .hasMessage("providers.aws.offerings[0].instanceType is required");
  }

  @Test
  void aValueOfTheWrongTypeIsNamedWithItsProviderAndSaysWhatWasFound() {
    assertThatThrownBy(() -> read(Map.of("pageSize", "1000")).integer("pageSize", 1000, 5, 1000))
        .hasMessage("providers.aws.pageSize must be a whole number in 5..1000, got \"1000\"");
    assertThatThrownBy(() -> read(Map.of("placement", "yes")).bool("placement", true))
        .hasMessage("providers.aws.placement must be true or false, got \"yes\"");
    assertThatThrownBy(() -> read(Map.of("region", 5)).string("region"))
        .hasMessage("providers.aws.region must be a non-blank string, got 5");
    assertThatThrownBy(() -> read(Map.of("offerings", "p5")).blocks("offerings"))
        .hasMessage("providers.aws.offerings must be a list, got \"p5\"");
    assertThatThrownBy(() -> read(Map.of("price", "-1")).decimal("price"))
        .hasMessage("providers.aws.price must be a number >= 0, got \"-1\"");
  }

  @Test
  void aWholeNumberOutsideItsRangeIsRefused() {
    assertThatThrownBy(() -> read(Map.of("pageSize", 4)).integer("pageSize", 1000, 5, 1000))
        .hasMessage("providers.aws.pageSize must be a whole number in 5..1000, got 4");
    assertThatThrownBy(() -> read(Map.of("pageSize", 2.5)).longInteger("pageSize", 1, 1, 9))
        .hasMessageContaining("must be a whole number");
  }

  @Test
  void typedValuesAreReadAndAbsentOnesFallBack() {
    SettingsReader r =
        read(
            Map.of(
                "region",
                " us-east-1 ",
                "pageSize",
                200,
                "placement",
                false,
                "timeout",
                "1m30s",
                "price",
                "32.77",
                "zones",
                List.of("a", "b")));

    assertThat(r.requiredString("region")).isEqualTo("us-east-1");
    assertThat(r.integer("pageSize", 1000, 5, 1000)).isEqualTo(200);
    assertThat(r.bool("placement", true)).isFalse();
    assertThat(r.duration("timeout")).contains(Duration.ofSeconds(90));
    assertThat(r.decimal("price")).contains(new BigDecimal("32.77"));
    assertThat(r.strings("zones")).containsExactly("a", "b");
    SettingsReader empty = read(Map.of());
    assertThat(empty.integer("pageSize", 1000, 5, 1000)).isEqualTo(1000);
    assertThat(empty.duration("timeout", Duration.ofSeconds(60))).isEqualTo(Duration.ofSeconds(60));
    assertThat(empty.strings("zones")).isEmpty();
    assertThat(empty.capacityType("capacityType")).isEqualTo(CapacityType.ON_DEMAND);
  }

  @Test
  void aDurationIsReadTheWayStratusYamlWritesThemElsewhere() {
    assertThatThrownBy(() -> read(Map.of("timeout", "30")).duration("timeout"))
        .hasMessageStartingWith("providers.aws.timeout must be a duration: '30' is not a duration");
  }

  @Test
  void aSingleStringStandsForAListOfOne() {
    assertThat(read(Map.of("zones", "a")).strings("zones")).containsExactly("a");
    assertThatThrownBy(() -> read(Map.of("zones", List.of())).strings("zones"))
        .hasMessageContaining("providers.aws.zones must be a string or a non-empty list");
  }

  @Test
  void aBlockWithoutDeclaredKeysIsFreeFormAndItsKeysAreListedInOrder() {
    SettingsReader tags =
        read(Map.of("tags", new LinkedHashMap<>(Map.of("team", "ml")))).block("tags").get();

    assertThat(tags.where()).isEqualTo("providers.aws.tags");
    assertThat(tags.present()).containsExactly("team");
    assertThat(read(Map.of("tags", Map.of("team", 7))).stringMap("tags"))
        .containsEntry("team", "7");
    assertThatThrownBy(() -> read(Map.of("tags", List.of("x"))).block("tags"))
        .hasMessage("providers.aws.tags must be a mapping, got [x]");
  }

  @Test
  void theCapacityTypeIsOnDemandOrSpot() {
    SettingsReader entry =
        read(Map.of(
                "offerings", List.of(Map.of("capacityType", "Spot"), Map.of("capacityType", "x"))))
            .blocks("offerings")
            .get(0);

    assertThat(entry.capacityType("capacityType")).isEqualTo(CapacityType.SPOT);
    assertThatThrownBy(
            () ->
                read(Map.of("offerings", List.of(Map.of("capacityType", "reserved"))))
                    .blocks("offerings")
                    .get(0)
                    .capacityType("capacityType"))
        .hasMessage(
            "providers.aws.offerings[0].capacityType must be on-demand or spot, got \"reserved\"");
  }

  @Test
  void aDeclaredBlockMustBeOneOfTheKeys() {
    assertThatThrownBy(() -> SettingKeys.of("a").with("b", SettingKeys.of("c")))
        .hasMessageContaining("block 'b' is not among the keys [a]");
  }
}
