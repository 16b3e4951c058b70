package dev.stratus.tests.cloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stratus.core.config.ConfigException;
import dev.stratus.core.config.ConfigLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * With the real providers on the class path, a typo in a provider block fails loading stratus.yaml
 * (what {@code stratus config render} and {@code stratus status} do), at its line, before any
 * provider is created.
 */
class ProviderKeysAtLoadTest {
  static final String POOL =
      """
      cluster: demo
      pools:
        - name: gpu
          gpu: {model: h100, count: 8}
          cpus: 8
          memoryMiB: 64000
          maxNodes: 4
          offerings:
            - {provider: local, region: local, instanceType: t, pricePerHour: 1}
      providers:
        local: {}
      """;

  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "aws top level|aws: {region: us-east-1, regoin: x}|providers.aws|regoin",
        "aws launch template|aws: {launchTemplate: {id: lt-1, versoin: 2}}"
            + "|providers.aws.launchTemplate|versoin",
        "aws offering|aws: {offerings: [{instanceType: p5.48xlarge, zon: a}]}"
            + "|providers.aws.offerings[0]|zon",
        "gcp offering|gcp: {offerings: [{machineType: a2-highgpu-8g, gpuCount: 8}]}"
            + "|providers.gcp.offerings[0]|gpuCount",
        "azure top level|azure: {resourcegroup: rg}|providers.azure|resourcegroup",
        "oci offering|oci: {offerings: [{shape: BM.GPU.H100.8, zone: AD-1}]}"
            + "|providers.oci.offerings[0]|zone",
        "oci auth|oci: {auth: {type: api_key, keyFile: k.pem}}|providers.oci.auth|keyFile",
        "lambda top level|lambda: {apiKey: secret}|providers.lambda|apiKey",
        "local top level|local: {brigde: stratus0}|providers.local|brigde",
        "local offering|local: {offerings: [{instanceType: t, gpus: 8}]}"
            + "|providers.local.offerings[0]|gpus"
      })
  void anUnknownKeyOfARealProviderIsRefusedAtLoad(
      String kind, String block, String fieldPath, String key) throws IOException {
    Path file = dir.resolve("stratus.yaml");
    Files.writeString(file, POOL.replace("  local: {}", "  local: {}\n  " + block));
    if (block.startsWith("local:")) {
      Files.writeString(file, POOL.replace("local: {}", block));
    }

    ConfigException e = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.load(file));

    assertThat(e).as(kind).isNotNull();
    assertThat(e.line()).as(kind).isGreaterThanOrEqualTo(11);
    assertThat(e.fieldPath()).isEqualTo(fieldPath);
    assertThat(e.problem()).startsWith("unknown setting '" + key + "'; known: [");
  }

  @Test
  void everyExampleConfigLoadsWithTheRealProviders() throws IOException {
    try (var examples = Files.list(Path.of("../config-templates/examples"))) {
      for (Path example : examples.filter(p -> p.toString().endsWith(".yaml")).toList()) {
        if (Files.readString(example).contains("\ncluster:")) {
          assertThat(ConfigLoader.load(example).providers()).as(example.toString()).isNotEmpty();
        }
      }
    }
  }
}
