package dev.stratus.hook.hostlist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Table tests; each expected value was printed by Slurm 22.05's scontrol. */
class HostlistTest {
  @ParameterizedTest(name = "{0} expands to {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "gpu-[001-004,007]   | gpu-001 gpu-002 gpu-003 gpu-004 gpu-007",
        "a[1-2]b[3-4]        | a1b3 a1b4 a2b3 a2b4",
        "a[1-2]b[3-4]c[5-6]  | a1b3c5 a1b3c6 a2b3c5 a2b3c6 a1b4c5 a1b4c6 a2b4c5 a2b4c6",
        "gpu-[001-002],cpu-1 | gpu-001 gpu-002 cpu-1",
        "gpu-[9-10]          | gpu-9 gpu-10",
        "a[09-11]            | a09 a10 a11",
        "a[01-1]             | a01",
        "a[1-010]            | a1 a2 a3 a4 a5 a6 a7 a8 a9 a10",
        "a,a,b               | a a b",
        "a[1-3],a2           | a1 a2 a3 a2",
        "'a,,b c'            | a b c",
        "[1-2]               | 1 2",
        "a[1-2][3-4]         | a13 a14 a23 a24",
        "cpu                 | cpu",
      })
  void expandsLikeScontrolShowHostnames(String expression, String names) {
    assertThat(Hostlist.expand(expression)).containsExactly(names.split(" "));
  }

  @ParameterizedTest(name = "{0} compresses to {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "gpu-001 gpu-002 gpu-003 gpu-004 gpu-007 | gpu-[001-004,007]",
        "gpu-9 gpu-10                            | gpu-[9-10]",
        "gpu-09 gpu-10                           | gpu-[09-10]",
        "gpu-009 gpu-10                          | gpu-[009,10]",
        "a99 a100                                | a[99-100]",
        "a3 a1 a2                                | a[3,1-2]",
        "a1 a1 a2                                | a[1,1-2]",
        "a a b                                   | a,a,b",
        "a1 b1 a2                                | a1,b1,a2",
        "x a1 a2 x                               | x,a[1-2],x",
        "a1b1 a1b2 a2b1                          | a1b[1-2],a2b1",
        "1 2 3                                   | [1-3]",
        "cpu-1 gpu-001 gpu-002                   | cpu-1,gpu-[001-002]",
      })
  void compressesLikeScontrolShowHostlist(String names, String expression) {
    assertThat(Hostlist.compress(Arrays.asList(names.split(" ")))).isEqualTo(expression);
  }

  @ParameterizedTest(name = "{0} sorts to {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "gpu-10 gpu-9 gpu-9       | gpu-[9-10]",
        "b1 a2 a10 a c a-1        | a,a[2,10],a-1,b1,c",
        "n2x n10x n1x             | n1x,n2x,n10x",
        "A1 a1 B b                | A1,B,a1,b",
        "gpu-003 gpu-001 gpu-002  | gpu-[001-003]",
      })
  void compressSortedSortsNaturallyAndDropsDuplicates(String names, String expression) {
    assertThat(Hostlist.compressSorted(Arrays.asList(names.split(" ")))).isEqualTo(expression);
  }

  @ParameterizedTest(name = "{0}: position {1}, {2}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "gpu-[5-3]       | 5  | reversed range '5-3'",
        "gpu-[]          | 5  | empty range",
        "gpu-[1-2,]      | 9  | empty range",
        "gpu-[1-x]       | 7  | 'x' is not a digit",
        "gpu-[-1]        | 5  | missing number",
        "gpu-[1-2        | 4  | '[' is never closed",
        "gpu-1]          | 5  | ']' without a matching '['",
        "gpu-[[1-2]]     | 5  | '[' inside brackets",
        "gpu-[1-2]b      | 9  | text after the last bracket group",
        "ok,a[1-70000]   | 5  | holds more than 65536 names",
        "n[0-999]x[0-999]| 0  | more than 100000 names",
      })
  void rejectsBadExpressionsNamingThePosition(String expression, int position, String problem) {
    assertThatThrownBy(() -> Hostlist.expand(expression))
        .isInstanceOfSatisfying(
            HostlistException.class,
            e -> {
              assertThat(e.position()).isEqualTo(position);
              assertThat(e.expression()).isEqualTo(expression);
            })
        .hasMessageContaining("'" + expression + "'")
        .hasMessageContaining("position " + position)
        .hasMessageContaining(problem);
  }

  @ParameterizedTest(name = "compress rejects {0}")
  @CsvSource({"a[1-2]", "'a b'", "''"})
  void compressRejectsThingsThatAreNotPlainNames(String name) {
    assertThatThrownBy(() -> Hostlist.compress(List.of(name)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("host name");
  }

  @ParameterizedTest(name = "an empty list: {0}")
  @CsvSource({"''", "','", "' , '"})
  void emptyExpressionsExpandToNothing(String expression) {
    assertThat(Hostlist.expand(expression)).isEmpty();
  }

  @Test
  void aRememberedExpansionIsTheSameImmutableListAndLargeOnesAreNotKept() {
    List<String> first = Hostlist.expand("mem-[1-3]");
    assertThat(Hostlist.expand("mem-[1-3]"))
        .isSameAs(first)
        .containsExactly("mem-1", "mem-2", "mem-3");
    assertThatThrownBy(() -> first.add("mem-4")).isInstanceOf(UnsupportedOperationException.class);
    String large = "big-[1-" + (Hostlist.REMEMBERED_NAMES + 1) + "]";
    assertThat(Hostlist.expand(large))
        .hasSize(Hostlist.REMEMBERED_NAMES + 1)
        .isNotSameAs(Hostlist.expand(large));
  }
}
