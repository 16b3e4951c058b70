package dev.stratus.provider.gcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class GcpLabelsTest {
  @Test
  void ourTagKeysBecomeLegalLabelKeysAndComeBack() {
    Map<String, String> tags =
        Map.of("stratus:cluster", "c1", "stratus:token", "st-0af3", "stratus:node", "gpu-001");

    Map<String, String> labels = GcpLabels.toLabels(tags);

    assertThat(labels)
        .containsEntry("stratus-cluster", "c1")
        .containsEntry("stratus-token", "st-0af3")
        .containsEntry("stratus-node", "gpu-001");
    assertThat(GcpLabels.toTags(labels)).isEqualTo(tags);
  }

  @Test
  void illegalCharactersAreEscapedReversibly() {
    Map<String, String> tags = Map.of("team:Name", "ML_Research/A", "stratus:job", "42_1");

    Map<String, String> labels = GcpLabels.toLabels(tags);

    assertThat(labels)
        .allSatisfy((k, v) -> assertThat(k + "=" + v).matches("[a-z][a-z0-9_-]*=[a-z0-9_-]*"));
    assertThat(GcpLabels.toTags(labels)).isEqualTo(tags);
  }

  @Test
  void randomStringsRoundTrip() {
    Random random = new Random(42);
    String alphabet = "abcXYZ019_-:/. é";
    for (int n = 0; n < 500; n++) {
      StringBuilder s = new StringBuilder();
      for (int i = random.nextInt(12); i > 0; i--) {
        s.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      assertThat(GcpLabels.unescape(GcpLabels.escape(s.toString()))).isEqualTo(s.toString());
    }
  }

  @Test
  void aValueTooLongForALabelIsRefusedNamingIt() {
    assertThatThrownBy(() -> GcpLabels.value("X".repeat(30)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("XXXX")
        .hasMessageContaining("63");
  }

  @Test
  void aKeyThatDoesNotStartWithALowerCaseLetterIsRefusedNamingIt() {
    assertThatThrownBy(() -> GcpLabels.key("Team"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'Team'");
  }

  @Test
  void aForeignKeyThatLooksLikeOursIsRefused() {
    assertThatThrownBy(() -> GcpLabels.key("stratus-x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("stratus-x");
  }
}
