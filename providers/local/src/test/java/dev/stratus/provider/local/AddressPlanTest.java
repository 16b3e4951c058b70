package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class AddressPlanTest {
  @Test
  void numberedNodeGetsTenPlusItsNumberAsInTheSlurmLab() {
    assertThat(AddressPlan.choose("gpu-001", Set.of())).isEqualTo(11);
    assertThat(AddressPlan.choose("gpu-244", Set.of())).isEqualTo(254);
  }

  @Test
  void otherNamesGetAStableSlotInsideTheNodeRange() {
    int first = AddressPlan.choose("login", Set.of());

    assertThat(AddressPlan.choose("login", Set.of())).isEqualTo(first);
    assertThat(first).isBetween(10, 254);
    assertThat(AddressPlan.choose("gpu-999", Set.of())).isBetween(10, 254);
  }

  @Test
  void takenSlotMovesToTheNextFreeOneAndWraps() {
    assertThat(AddressPlan.choose("gpu-001", Set.of(11, 12))).isEqualTo(13);
    assertThat(AddressPlan.choose("gpu-244", Set.of(254))).isEqualTo(10);
  }

  @Test
  void fullSubnetIsAnError() {
    Set<Integer> all = new HashSet<>();
    IntStream.rangeClosed(10, 254).forEach(all::add);

    assertThatThrownBy(() -> AddressPlan.choose("gpu-001", all)).hasMessageContaining("in use");
  }
}
