package dev.stratus.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.wire.InterruptionNotice;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AwsNoticesTest {
  static final Instant SEEN = Instant.parse("2017-09-18T08:20:03Z");

  // The sample in the EC2 user guide, "Spot Instance interruption notices" / instance-action.
  static final String DOC_SAMPLE =
      "{\"action\": \"terminate\", \"time\": \"2017-09-18T08:22:00Z\"}";

  @Test
  void theDocumentedInstanceActionSampleIsAReclaimAtItsTime() {
    InterruptionNotice n = AwsNotices.instanceAction("i-1234567890abcdef0", DOC_SAMPLE, SEEN);

    assertThat(n.instanceId()).isEqualTo("i-1234567890abcdef0");
    assertThat(n.kind()).isEqualTo(InterruptionNotice.Kind.RECLAIM);
    assertThat(n.deadline()).isEqualTo(Instant.parse("2017-09-18T08:22:00Z"));
    assertThat(n.seenAt()).isEqualTo(SEEN);
  }

  @ParameterizedTest
  @ValueSource(strings = {"stop", "hibernate"})
  void stopAndHibernateEndTheNodeTooSoTheyAreReclaims(String action) {
    String body = "{\"action\":\"" + action + "\",\"time\":\"2017-09-18T08:22:00Z\"}";

    assertThat(AwsNotices.instanceAction("i-1", body, SEEN).kind())
        .isEqualTo(InterruptionNotice.Kind.RECLAIM);
  }

  @Test
  void theDocumentedRebalanceSampleIsARecommendationThatLeavesAtLeastTwoMinutes() {
    // The sample in the EC2 user guide, "EC2 instance rebalance recommendations".
    InterruptionNotice n =
        AwsNotices.rebalance("i-1", "{\"noticeTime\": \"2020-10-27T08:22:00Z\"}", SEEN);

    assertThat(n.kind()).isEqualTo(InterruptionNotice.Kind.REBALANCE_RECOMMENDATION);
    assertThat(n.deadline()).isEqualTo(SEEN.plusSeconds(120));
    assertThat(n.endsInstance()).isFalse();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "``|(document)|is empty",
        "not json|(document)|is not JSON",
        "[1,2]|(document)|is not a JSON object",
        "{\"time\":\"2017-09-18T08:22:00Z\"}|action|is missing",
        "{\"action\":\"reboot\",\"time\":\"2017-09-18T08:22:00Z\"}|action|'reboot' is not one of",
        "{\"action\":\"terminate\"}|time|is missing",
        "{\"action\":\"terminate\",\"time\":\"18/09/2017\"}|time|'18/09/2017' is not an ISO-8601",
        "{\"action\":\"terminate\",\"time\":42}|time|must be a non-empty string",
      })
  void aBadInstanceActionIsRefusedNamingTheDocumentAndField(
      String body, String field, String problem) {
    assertThatThrownBy(() -> AwsNotices.instanceAction("i-1", body, SEEN))
        .isInstanceOfSatisfying(
            NoticeFormatException.class,
            e -> {
              assertThat(e.document()).isEqualTo("aws spot/instance-action");
              assertThat(e.field()).isEqualTo(field);
            })
        .hasMessageContaining("aws spot/instance-action")
        .hasMessageContaining(problem);
  }

  @Test
  void aRebalanceWithoutNoticeTimeIsRefused() {
    assertThatThrownBy(() -> AwsNotices.rebalance("i-1", "{\"notice\":\"x\"}", SEEN))
        .isInstanceOf(NoticeFormatException.class)
        .hasMessage("bad aws events/recommendations/rebalance: field 'noticeTime' is missing");
  }
}
