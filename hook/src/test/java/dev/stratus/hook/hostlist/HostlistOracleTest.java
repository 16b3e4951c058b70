package dev.stratus.hook.hostlist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compares Hostlist with the real Slurm 22.05 scontrol on seeded random input. */
@Tag("slurm")
class HostlistOracleTest {
  @TempDir static Path dir;
  private static ScontrolOracle slurm;

  @BeforeAll
  static void findScontrol() throws IOException {
    slurm = new ScontrolOracle(dir);
  }

  @Test
  void expandGivesTheNamesAndOrderOfScontrolShowHostnames() {
    RandomHostlists random = new RandomHostlists(20261121L);
    for (int i = 0; i < 300; i++) {
      String expression = random.expression();
      List<String> expected = slurm.hostnames(expression);
      assertThat(expected).as("Slurm accepts %s", expression).isNotNull();
      assertThat(Hostlist.expand(expression)).as("expand(%s)", expression).isEqualTo(expected);
    }
  }

  @Test
  void expandRejectsWhatScontrolRejects() {
    RandomHostlists random = new RandomHostlists(7L);
    for (int i = 0; i < 60; i++) {
      String expression = random.brokenExpression();
      assertThat(slurm.hostnames(expression)).as("Slurm rejects %s", expression).isNull();
      assertThatThrownBy(() -> Hostlist.expand(expression))
          .as("expand(%s)", expression)
          .isInstanceOf(HostlistException.class);
    }
  }

  @Test
  void compressGivesWhatScontrolShowHostlistPrints() {
    RandomHostlists random = new RandomHostlists(42L);
    for (int i = 0; i < 300; i++) {
      List<String> names = random.names();
      assertThat(Hostlist.compress(names))
          .as("compress(%s)", names)
          .isEqualTo(slurm.hostlist(names));
    }
  }

  @Test
  void compressSortedGivesWhatScontrolShowHostlistsortedPrintsForUniformWidths() {
    RandomHostlists random = new RandomHostlists(4242L);
    for (int i = 0; i < 200; i++) {
      List<String> names = random.uniformNames();
      assertThat(Hostlist.compressSorted(names))
          .as("compressSorted(%s)", names)
          .isEqualTo(slurm.hostlistSorted(names));
    }
  }
}
