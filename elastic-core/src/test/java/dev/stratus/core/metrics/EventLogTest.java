package dev.stratus.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class EventLogTest {
  @Test
  void fieldsFollowTheEventNameAsKeyValuePairsInOrder() {
    assertThat(EventLog.format("requeue", "job", 42, "instance", "i-0abc", "gpus", 8))
        .isEqualTo("event=requeue job=42 instance=i-0abc gpus=8");
  }

  @Test
  void valuesWithSpacesQuotesOrEqualsSignsAreQuotedAndEmptyOnesShown() {
    assertThat(EventLog.format("x", "reason", "no \"capacity\"", "k", "a=b", "e", ""))
        .isEqualTo("event=x reason=\"no \\\"capacity\\\"\" k=\"a=b\" e=\"\"");
  }

  @Test
  void aNewlineCannotStartAForgedLine() {
    assertThat(EventLog.format("x", "v", "a\nevent=fake")).isEqualTo("event=x v=\"a event=fake\"");
  }

  @Test
  void anOddNumberOfFieldsIsRefused() {
    assertThatThrownBy(() -> EventLog.emit("x", "job"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("key, value pairs");
  }
}
