package dev.stratus.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunLengthsTest {
  @Test
  void eachCellBecomesARowOfSegmentsAlongTheSlackAxis() {
    // Two cells, slack 0..3, laid out [slack][cell]: cell 0 is 1,1,2,2 and cell 1 is 0,2,2,0.
    byte[] act = {1, 0, 1, 2, 2, 2, 2, 0};
    var rows = new RunLengths().reset();
    rows.emit(act, 3, 2);
    rows.emit(new byte[] {2, 2, 2, 2, 2, 2, 2, 2}, 3, 2);

    assertThat(rows.starts()).containsExactly(0, 2, 5, 6, 7);
    assertThat(rows.ends()).containsExactly(2, 4, 1, 3, 4, 4, 4);
    assertThat(rows.actions()).containsExactly(1, 2, 0, 2, 0, 2, 2);
  }
}
