package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LocalNamesTest {
  @Test
  void namespaceCarriesPrefixClusterAndNode() {
    assertThat(LocalNames.netns("demo", "gpu-001")).isEqualTo("st-demo-gpu-001");
    assertThat(LocalNames.ours("st-demo-gpu-001")).isTrue();
    assertThat(LocalNames.ours("gpu-001")).isFalse();
  }

  @Test
  void vethNameFitsLinuxsFifteenCharactersAndDiffersPerCluster() {
    String a = LocalNames.veth(LocalNames.netns("a-very-long-cluster-name", "gpu-001"));
    String b = LocalNames.veth(LocalNames.netns("other", "gpu-001"));

    assertThat(a).hasSize(15).startsWith("stv").isNotEqualTo(b);
    assertThat(LocalNames.veth(LocalNames.netns("other", "gpu-001"))).isEqualTo(b);
  }

  @Test
  void instanceIdIsStableForTokenAndNodeAndDiffersOtherwise() {
    String id = LocalNames.instanceId("demo", "tok-1", "gpu-001");

    assertThat(id).matches("local-[0-9a-f]{8}");
    assertThat(LocalNames.instanceId("demo", "tok-1", "gpu-001")).isEqualTo(id);
    assertThat(LocalNames.instanceId("demo", "tok-2", "gpu-001")).isNotEqualTo(id);
    assertThat(LocalNames.instanceId("demo", "tok-1", "gpu-002")).isNotEqualTo(id);
    assertThat(LocalNames.instanceId("other", "tok-1", "gpu-001")).isNotEqualTo(id);
  }
}
