package dev.stratus.wire;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NonceMemoryTest {
  @Test
  void aNonceIsRememberedUntilItsRequestLeavesTheWindow() {
    NonceMemory m = new NonceMemory(10);

    assertThat(m.remember("n1", 100, 0)).isEqualTo(NonceMemory.Outcome.FRESH);
    assertThat(m.remember("n1", 100, 100)).isEqualTo(NonceMemory.Outcome.SEEN);
    assertThat(m.remember("n1", 400, 101)).isEqualTo(NonceMemory.Outcome.FRESH);
  }

  @Test
  void whenFullExpiredNoncesGoFirstAndLiveOnesAreNeverForgotten() {
    NonceMemory m = new NonceMemory(2);
    m.remember("a", 10, 0);
    m.remember("b", 50, 0);

    assertThat(m.remember("c", 60, 20)).isEqualTo(NonceMemory.Outcome.FRESH);
    assertThat(m.size()).isEqualTo(2);
    assertThat(m.remember("d", 70, 20)).isEqualTo(NonceMemory.Outcome.FULL);
    assertThat(m.remember("b", 80, 20)).isEqualTo(NonceMemory.Outcome.SEEN);
  }
}
