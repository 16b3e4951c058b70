package dev.stratus.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

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

  @Test
  void theFieldsAlsoTravelAsKeyValuePairsEventFirstWithNumbersKept() {
    Logger events = (Logger) LoggerFactory.getLogger(EventLog.LOGGER);
    ListAppender<ILoggingEvent> logged = new ListAppender<>();
    logged.start();
    events.addAppender(logged);
    try {
      EventLog.emit("requeue", "job", 42L, "instance", "i-0abc", "gpus", 8, "notice", true);
    } finally {
      events.detachAppender(logged);
    }

    ILoggingEvent line = logged.list.get(0);
    assertThat(line.getFormattedMessage())
        .isEqualTo("event=requeue job=42 instance=i-0abc gpus=8 notice=true");
    assertThat(line.getKeyValuePairs())
        .extracting(kv -> kv.key, kv -> kv.value)
        .containsExactly(
            tuple("event", "requeue"),
            tuple("job", 42L),
            tuple("instance", "i-0abc"),
            tuple("gpus", 8),
            tuple("notice", true));
  }

  @Test
  void aValueThatIsNeitherANumberNorABooleanTravelsAsItsText() {
    assertThat(EventLog.jsonValue(Instant.parse("2026-11-21T12:00:00Z")))
        .isEqualTo("2026-11-21T12:00:00Z");
    assertThat(EventLog.jsonValue(null)).isEqualTo("null");
  }
}
