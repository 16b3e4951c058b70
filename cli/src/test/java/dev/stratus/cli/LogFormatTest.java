package dev.stratus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class LogFormatTest {
  static Properties props(String format) {
    Properties p = new Properties();
    p.setProperty(LogFormat.PROPERTY, format);
    return p;
  }

  @Test
  void textJsonAndNothingAtAllAreAccepted() {
    assertThat(LogFormat.problem(props("text"), Map.of())).isEmpty();
    assertThat(LogFormat.problem(props("json"), Map.of())).isEmpty();
    assertThat(LogFormat.problem(new Properties(), Map.of(LogFormat.ENV, "json"))).isEmpty();
    assertThat(LogFormat.problem(new Properties(), Map.of())).isEmpty();
  }

  @Test
  void anyOtherValueIsRefusedNamingWhereItCameFrom() {
    assertThat(LogFormat.problem(props("xml"), Map.of()))
        .contains("-Dstratus.log.format must be text or json, got 'xml'");
    assertThat(LogFormat.problem(new Properties(), Map.of(LogFormat.ENV, "JSON")))
        .contains("STRATUS_LOG_FORMAT must be text or json, got 'JSON'");
  }

  @Test
  void thePropertyWinsOverTheEnvironment() {
    assertThat(LogFormat.problem(props("json"), Map.of(LogFormat.ENV, "xml"))).isEmpty();
  }
}
