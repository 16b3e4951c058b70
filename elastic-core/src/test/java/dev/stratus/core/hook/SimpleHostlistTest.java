package dev.stratus.core.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SimpleHostlistTest {
  final SimpleHostlist hostlist = new SimpleHostlist();

  @Test
  void aPlainNameIsItself() {
    assertThat(hostlist.expand("gpu-001")).containsExactly("gpu-001");
  }

  @Test
  void aRangeKeepsTheZeroPaddingOfItsLowerBound() {
    assertThat(hostlist.expand("gpu-[008-011]"))
        .containsExactly("gpu-008", "gpu-009", "gpu-010", "gpu-011");
    assertThat(hostlist.expand("n[8-10]")).containsExactly("n8", "n9", "n10");
  }

  @Test
  void listsInsideAndOutsideBracketsAreJoinedInOrderWithoutDuplicates() {
    assertThat(hostlist.expand("a-[1,3-4],b-07,a-3")).containsExactly("a-1", "a-3", "a-4", "b-07");
  }

  @Test
  void severalBracketGroupsExpandToEveryCombination() {
    assertThat(hostlist.expand("r[1-2]n[01-02].ib"))
        .containsExactly("r1n01.ib", "r1n02.ib", "r2n01.ib", "r2n02.ib");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "gpu-[002-001]|range 002-001 runs backwards at position 6",
        "gpu-[1-x]|'x' is not a number at position 8",
        "gpu-[1-2|'[' without ']' at position 5",
        "gpu-1]|unexpected character ']' at position 6",
        "gpu-1,,gpu-2|empty host name at position 7",
        "gpu 1|unexpected character ' ' at position 4",
        "gpu-[]|'' is not a number at position 6",
        "gpu-[1-70000]|more than 65536 nodes",
      })
  void malformedHostlistsAreRefusedWithThePosition(String input, String message) {
    assertThatThrownBy(() -> hostlist.expand(input))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'" + input + "'")
        .hasMessageContaining(message);
  }

  @Test
  void anEmptyHostlistIsRefused() {
    assertThatThrownBy(() -> hostlist.expand(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("hostlist is empty");
  }
}
