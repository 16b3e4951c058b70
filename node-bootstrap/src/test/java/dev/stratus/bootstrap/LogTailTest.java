package dev.stratus.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LogTailTest {
  @Test
  void keepsTheLastThreeNonBlankLines() {
    assertThat(LogTail.format(List.of("a", "b", "", "c", "d", " "))).isEqualTo(": b | c | d");
  }

  @Test
  void emptyLogAddsNothing() {
    assertThat(LogTail.format(List.of("", " "))).isEmpty();
  }

  @Test
  void longLinesAreCutFromTheFront() {
    String tail = LogTail.format(List.of("x".repeat(1000) + "END"));

    assertThat(tail).startsWith(": ...").endsWith("END").hasSizeLessThan(420);
  }
}
