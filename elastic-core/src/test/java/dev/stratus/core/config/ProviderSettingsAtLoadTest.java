package dev.stratus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stratus.api.spi.NodeProviderFactory;
import dev.stratus.api.spi.SettingKeys;
import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Provider blocks are checked against the keys their factory declares when the file is loaded. */
class ProviderSettingsAtLoadTest {
  static final String POOLS =
      """
      cluster: demo
      pools:
        - name: gpu
          gpu: {model: h100, count: 8}
          cpus: 8
          memoryMiB: 64000
          maxNodes: 4
          offerings:
            - {provider: cloud, region: r1, instanceType: t, pricePerHour: 1}
      providers:
      """;

  /** A provider named {@code cloud} whose block takes {@code region} and {@code offerings}. */
  static final Map<String, NodeProviderFactory> CLOUD =
      Map.of(
          "cloud",
          DeclaredKeysProviders.keysOnly(
              "cloud",
              SettingKeys.of("region", "offerings", "labels")
                  .with("offerings", SettingKeys.of("instanceType", "zone"))));

  @TempDir Path dir;

  @Test
  void anUnknownKeyInAProviderBlockIsRefusedAtItsLineWhenTheFileIsLoaded() throws IOException {
    Path file = write(POOLS + "  cloud:\n    region: r1\n    regoin: r2\n");

    ConfigException e =
        catchThrowableOfType(ConfigException.class, () -> ConfigLoader.loadAll(file, CLOUD));

    assertThat(e.line()).isEqualTo(13);
    assertThat(e.column()).isEqualTo(5);
    assertThat(e.fieldPath()).isEqualTo("providers.cloud");
    assertThat(e.problem())
        .isEqualTo("unknown setting 'regoin'; known: [labels, offerings, region]");
    assertThat(e.getMessage())
        .isEqualTo(
            file
                + ":13:5: providers.cloud: unknown setting 'regoin'; known: [labels, offerings,"
                + " region]");
  }

  @Test
  void anUnknownKeyInsideADeclaredNestedBlockIsRefusedAtItsLine() throws IOException {
    Path file =
        write(
            POOLS
                + "  cloud:\n    offerings:\n      - {instanceType: t, zone: a}\n"
                + "      - {instanceType: t, zones: b}\n");

    ConfigException e =
        catchThrowableOfType(ConfigException.class, () -> ConfigLoader.loadAll(file, CLOUD));

    assertThat(e.line()).isEqualTo(14);
    assertThat(e.fieldPath()).isEqualTo("providers.cloud.offerings[1]");
    assertThat(e.problem()).startsWith("unknown setting 'zones'; known: [instanceType, zone]");
  }

  @Test
  void theContentOfAFreeFormKeyIsLeftToTheProvider() throws IOException {
    Path file = write(POOLS + "  cloud:\n    region: r1\n    labels: {anything: goes}\n");

    StratusConfig config = ConfigLoader.loadAll(file, CLOUD).config();

    assertThat(config.providers().get("cloud"))
        .containsEntry("region", "r1")
        .containsEntry("labels", Map.of("anything", "goes"));
  }

  @Test
  void aProviderTheClassPathLacksIsNamedAtItsLine() throws IOException {
    Path file = write(POOLS.replace("provider: cloud", "provider: oracle") + "  oracle: {}\n");

    ConfigException e =
        catchThrowableOfType(ConfigException.class, () -> ConfigLoader.loadAll(file, CLOUD));

    assertThat(e.line()).isEqualTo(11);
    assertThat(e.fieldPath()).isEqualTo("providers.oracle");
    assertThat(e.problem())
        .startsWith("no provider named 'oracle' is on the class path (found: cloud)");
  }

  @Test
  void byDefaultTheFactoriesOnTheClassPathAreAskedAndElasticCoreAloneHasNone() throws IOException {
    Path file = write(POOLS + "  cloud: {region: r1}\n");

    ConfigException e = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.load(file));

    assertThat(e.fieldPath()).isEqualTo("providers.cloud");
    assertThat(e.problem())
        .startsWith("no provider named 'cloud' is on the class path (found: none)")
        .contains("the stratus distribution bundles local, aws, gcp and azure");
  }

  private Path write(String yaml) throws IOException {
    Path file = dir.resolve("stratus.yaml");
    Files.writeString(file, yaml);
    return file;
  }
}
