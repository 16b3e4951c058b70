package dev.stratus.provider.lambda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.catalog.PriceTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LambdaSettingsTest {
  static final String KEY = "secret_abc_0123456789";
  @TempDir Path dir;

  static Map<String, Object> base() {
    Map<String, Object> m = new HashMap<>();
    m.put("sshKeyName", "ops");
    m.put(
        "offerings",
        List.of(Map.of("instanceType", "gpu_8x_a100_80gb_sxm4", "region", "us-west-1")));
    return m;
  }

  static LambdaSettings parse(Map<String, Object> raw, Map<String, String> env) {
    return LambdaSettings.parse(raw, PriceTable.bundled(), env);
  }

  @Test
  void theKeyComesFromTheEnvironmentVariableByDefaultAndNeverShows() {
    LambdaSettings s = parse(base(), Map.of("LAMBDA_API_KEY", KEY));

    assertThat(s.apiKey().value()).isEqualTo(KEY);
    assertThat(s.apiKey().toString()).doesNotContain(KEY).contains("LAMBDA_API_KEY");
    assertThat(s.toString()).doesNotContain(KEY);
  }

  @Test
  void theKeyFileWinsOverTheEnvironmentAndIsReadStripped() throws Exception {
    Path file = dir.resolve("key");
    Files.writeString(file, KEY + "\n");
    Map<String, Object> raw = base();
    raw.put("apiKeyFile", file.toString());

    assertThat(parse(raw, Map.of("LAMBDA_API_KEY", "other")).apiKey().value()).isEqualTo(KEY);
  }

  @Test
  void noKeyAnywhereSaysWhereToPutIt() {
    Map<String, Object> raw = base();
    raw.put("apiKeyEnv", "STRATUS_LAMBDA_KEY");

    assertThatThrownBy(() -> parse(raw, Map.of("LAMBDA_API_KEY", KEY)))
        .hasMessage(
            "providers.lambda: no API key: set apiKeyFile, or the environment variable"
                + " STRATUS_LAMBDA_KEY of the controller");
  }

  @Test
  void aKeyFileOfTwoLinesIsRefusedWithoutQuotingIt() throws Exception {
    Path file = dir.resolve("key");
    Files.writeString(file, KEY + "\nsecond line\n");
    Map<String, Object> raw = base();
    raw.put("apiKeyFile", file.toString());

    assertThatThrownBy(() -> parse(raw, Map.of()))
        .hasMessageContaining("must hold the API key on one line")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(KEY));
  }

  @Test
  void anUnknownKeyIsRefusedNamingIt() {
    Map<String, Object> raw = base();
    raw.put("sshKey", "ops");

    assertThatThrownBy(() -> parse(raw, Map.of("LAMBDA_API_KEY", KEY)))
        .hasMessageStartingWith("providers.lambda: unknown setting 'sshKey'; known: [");
  }

  @Test
  void theSshKeyNameIsRequired() {
    Map<String, Object> raw = base();
    raw.remove("sshKeyName");

    assertThatThrownBy(() -> parse(raw, Map.of("LAMBDA_API_KEY", KEY)))
        .hasMessage("providers.lambda.sshKeyName is required");
  }

  @Test
  void aKnownTypeTakesItsShapeFromTheCatalogAndItsPriceFromAnyRegionsRow() {
    var o = parse(base(), Map.of("LAMBDA_API_KEY", KEY)).offerings().get(0);

    assertThat(o.key().region()).isEqualTo("us-west-1");
    assertThat(o.gpuModel()).isEqualTo("a100-80gb");
    assertThat(o.gpusPerNode()).isEqualTo(8);
    assertThat(o.pricePerHour()).isEqualByComparingTo("22.32");
  }

  @Test
  void anUnknownTypeWithoutItsShapeSaysWhatToGive() {
    Map<String, Object> raw = base();
    raw.put(
        "offerings",
        List.of(
            Map.of(
                "instanceType", "gpu_8x_b200_sxm6", "region", "us-east-1", "pricePerHour", 53.52)));

    assertThatThrownBy(() -> parse(raw, Map.of("LAMBDA_API_KEY", KEY)))
        .hasMessageContaining("providers.lambda.offerings[0]")
        .hasMessageContaining("give gpuModel, gpusPerNode, cpus, memoryMiB");
  }
}
