package dev.stratus.policy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunLengthsTest {
  @Test
  void eachCellBecomesARowOfSegmentsAlongTheSlackAxis() {
    // One mode, two states, slack 0..3, laid out [state][slack]: 1,1,2,2 and 0,2,2,0.
    byte[] first = {1, 1, 2, 2, 0, 2, 2, 0};
    var rows = new RunLengths().reset();
    rows.emit(first, null, 4, 1, 2);
    rows.emit(new byte[] {2, 2, 2, 2, 2, 2, 2, 2}, first, 4, 1, 2);

    assertThat(rows.starts()).containsExactly(0, 2, 5, 6);
    assertThat(rows.rowEnds()).containsExactly(2, 5, 6, 7);
    assertThat(rows.ends()).containsExactly(2, 4, 1, 3, 4, 4, 4);
    assertThat(rows.actions()).containsExactly(1, 2, 0, 2, 0, 2, 2);
  }

  @Test
  void rowsGoModeByModeThoughCellsAreLaidOutStateByState() {
    // Two states x two modes, slack 0..1, laid out [state][mode][slack]:
    // (state 0, mode 0) 0,1; (0, 1) 2,2; (1, 0) 1,1; (1, 1) 0,2.
    var rows = new RunLengths().reset();
    rows.emit(new byte[] {0, 1, 2, 2, 1, 1, 0, 2}, null, 2, 2, 2);

    // Rows: (mode 0, state 0), (0, 1), (1, 0), (1, 1).
    assertThat(rows.starts()).containsExactly(0, 2, 3, 4);
    assertThat(rows.rowEnds()).containsExactly(2, 3, 4, 6);
    assertThat(rows.ends()).containsExactly(1, 2, 2, 2, 1, 2);
    assertThat(rows.actions()).containsExactly(0, 1, 1, 2, 0, 2);
  }

  @Test
  void aRowAsTheTickBeforeSharesItsSegments() {
    // One mode, two states, slack 0..2: state 0's row stays 1,2,2; state 1's goes 0,0,0 -> 2,0,0.
    byte[] first = {1, 2, 2, 0, 0, 0};
    var rows = new RunLengths().reset();
    rows.emit(first, null, 3, 1, 2);
    rows.emit(new byte[] {1, 2, 2, 2, 0, 0}, first, 3, 1, 2);

    assertThat(rows.starts()).containsExactly(0, 2, 0, 3);
    assertThat(rows.rowEnds()).containsExactly(2, 3, 2, 5);
    assertThat(rows.ends()).containsExactly(1, 3, 3, 1, 3);
    assertThat(rows.actions()).containsExactly(1, 2, 0, 2, 0);
  }
}
