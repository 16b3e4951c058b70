package dev.stratus.hook.hostlist;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Round trips over thousands of seeded random cases; a failure names its seed. */
class HostlistPropertyTest {
  static LongStream seeds() {
    return LongStream.range(0, 3000);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void expandingACompressedListGivesTheSameNamesInTheSameOrder(long seed) {
    List<String> names = new RandomHostlists(seed).names();
    assertThat(Hostlist.expand(Hostlist.compress(names))).isEqualTo(names);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void expandingASortedCompressionGivesTheDistinctNamesSorted(long seed) {
    List<String> names = new RandomHostlists(seed).names();
    List<String> canonical = Hostlist.expand(Hostlist.compressSorted(names));
    assertThat(canonical).doesNotHaveDuplicates().hasSameElementsAs(names);
    assertThat(canonical).isSortedAccordingTo(HostName.SLURM_ORDER);
    assertThat(Hostlist.compressSorted(canonical)).isEqualTo(Hostlist.compressSorted(names));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void compressingAnExpansionKeepsItsNames(long seed) {
    List<String> names = Hostlist.expand(new RandomHostlists(seed).expression());
    assertThat(Hostlist.expand(Hostlist.compress(names))).isEqualTo(names);
  }
}
