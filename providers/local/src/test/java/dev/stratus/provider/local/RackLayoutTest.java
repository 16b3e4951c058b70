package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RackLayoutTest {
  static Map<String, Object> ordered(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  @Test
  void countsFillRacksInOrderByTheNodesNumber() {
    RackLayout racks = RackLayout.parse(ordered("leaf1", 2, "leaf2", 2));

    assertThat(racks.pathOf("gpu-001")).containsExactly("spine", "leaf1");
    assertThat(racks.pathOf("gpu-002")).containsExactly("spine", "leaf1");
    assertThat(racks.pathOf("gpu-003")).containsExactly("spine", "leaf2");
    assertThat(racks.pathOf("gpu-009")).containsExactly("spine", "leaf2");
  }

  @Test
  void listsNameTheNodesOfEachRack() {
    RackLayout racks =
        RackLayout.parse(ordered("a", List.of("gpu-002", "gpu-004"), "b", List.of("gpu-001")));

    assertThat(racks.rackOf("gpu-004")).isEqualTo("a");
    assertThat(racks.rackOf("gpu-001")).isEqualTo("b");
    assertThat(racks.rackOf("gpu-003")).isEqualTo("b");
  }

  @Test
  void withoutRacksEveryNodeIsInRackOne() {
    assertThat(RackLayout.parse(null).pathOf("x")).containsExactly("spine", "rack1");
  }

  @Test
  void badLayoutsAreRefusedNamingTheRack() {
    assertThatThrownBy(() -> RackLayout.parse(ordered("r1", 0))).hasMessageContaining("racks.r1");
    assertThatThrownBy(() -> RackLayout.parse(ordered("r1", 2, "r2", List.of("gpu-001"))))
        .hasMessageContaining("not both");
    assertThatThrownBy(() -> RackLayout.parse(ordered("r1", List.of("n"), "r2", List.of("n"))))
        .hasMessageContaining("node n is in both r1 and r2");
  }
}
