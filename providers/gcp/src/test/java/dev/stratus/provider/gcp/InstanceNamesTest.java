package dev.stratus.provider.gcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InstanceNamesTest {
  @Test
  void theInstanceNameCarriesTheNodeAndATokenSuffix() {
    String name = InstanceNames.instanceName("gpu-007", "st-abc");

    assertThat(name).matches("gpu-007-[0-9a-f]{6}");
    assertThat(InstanceNames.nodeOf(name)).contains("gpu-007");
    assertThat(InstanceNames.instanceName("gpu-007", "st-abd")).isNotEqualTo(name);
  }

  @Test
  void nodeNamesThatCannotNameAnInstanceAreExplained() {
    assertThat(InstanceNames.problem("gpu_001"))
        .hasValueSatisfying(p -> assertThat(p).contains("gpu_001"));
    assertThat(InstanceNames.problem("a".repeat(57))).isPresent();
    assertThat(InstanceNames.problem("h100-0001")).isEmpty();
  }

  @Test
  void idsAreZoneSlashNameAndAnythingElseIsNotOurs() {
    assertThat(InstanceNames.parseId("us-central1-a/gpu-001-abcdef"))
        .hasValueSatisfying(p -> assertThat(p).containsExactly("us-central1-a", "gpu-001-abcdef"));
    assertThat(InstanceNames.parseId("i-0123456789")).isEmpty();
    assertThat(InstanceNames.parseId("us-central1-a/Bad_Name")).isEmpty();
  }

  @Test
  void requestIdsAreStableUuidsPerTokenAndPurpose() {
    assertThat(InstanceNames.requestId("t", "bulkInsert"))
        .isEqualTo(InstanceNames.requestId("t", "bulkInsert"))
        .isNotEqualTo(InstanceNames.requestId("t", "insert|gpu-001"))
        .matches("[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}");
  }
}
