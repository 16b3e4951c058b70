package dev.stratus.provider.lambda;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LambdaNamesTest {
  @Test
  void aNameSplitsBackIntoItsNodeAndTheHashesOfClusterAndToken() {
    String name = LambdaNames.instanceName("prod", "tok-1", "gpu_h100-007");

    assertThat(name).startsWith("gpu_h100-007.").hasSizeLessThanOrEqualTo(64);
    var parsed = LambdaNames.parse(name).orElseThrow();
    assertThat(parsed.node()).isEqualTo("gpu_h100-007");
    assertThat(parsed.clusterHash()).isEqualTo(LambdaNames.hash("prod"));
    assertThat(parsed.tokenHash()).isEqualTo(LambdaNames.hash("tok-1"));
    assertThat(LambdaNames.ofCluster(name, "prod")).isTrue();
    assertThat(LambdaNames.ofCluster(name, "staging")).isFalse();
  }

  @Test
  void namesNotMadeByStratusBelongToNoCluster() {
    assertThat(LambdaNames.parse("training-node-1")).isEmpty();
    assertThat(LambdaNames.parse(null)).isEmpty();
    assertThat(LambdaNames.ofCluster("my.box.name", "prod")).isFalse();
  }

  @Test
  void theLongestNodeNameStillFitsLambdasSixtyFourCharacters() {
    String node = "n".repeat(LambdaNames.MAX_NODE);

    assertThat(LambdaNames.fits(node)).isTrue();
    assertThat(LambdaNames.instanceName("c", "t", node)).hasSize(64);
    assertThat(LambdaNames.fits(node + "n")).isFalse();
    assertThat(LambdaNames.fits("Upper")).isFalse();
  }

  @Test
  void onlyThirtyTwoLowerHexDigitsAreAnInstanceId() {
    assertThat(LambdaNames.isInstanceId("0920582c7ff041399e34823a0be62549")).isTrue();
    assertThat(LambdaNames.isInstanceId("i-0123456789abcdef0")).isFalse();
    assertThat(LambdaNames.isInstanceId("not an id/../at all")).isFalse();
  }
}
