package dev.stratus.spot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.wire.InterruptionNotice;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AzureNoticesTest {
  static final Instant SEEN = Instant.parse("2016-09-19T18:29:00Z");

  /** One event in the shape of the Scheduled Events docs' sample, with the given parts. */
  static String event(String id, String type, String vm, String status, String notBefore) {
    return """
        {"EventId": "%s", "EventType": "%s", "ResourceType": "VirtualMachine",
         "Resources": ["%s"], "EventStatus": "%s", "NotBefore": "%s",
         "Description": "", "EventSource": "Platform", "DurationInSeconds": -1}"""
        .formatted(id, type, vm, status, notBefore);
  }

  static String doc(String... events) {
    return "{\"DocumentIncarnation\": 2, \"Events\": [" + String.join(",", events) + "]}";
  }

  @Test
  void theDocumentedFreezeSampleGivesNoNotice() {
    // The response sample in "Scheduled Events for Linux VMs" (a memory-preserving pause).
    String sample =
        """
        {
          "DocumentIncarnation": 1,
          "Events": [
            {
              "EventId": "f020ba2e-3bc0-4c40-a10b-86575a9eabd5",
              "EventType": "Freeze",
              "ResourceType": "VirtualMachine",
              "Resources": ["myVM"],
              "EventStatus": "Scheduled",
              "NotBefore": "Mon, 11 Apr 2022 22:26:58 GMT",
              "Description": "Virtual machine is being paused because of a memory-preserving Live Migration operation.",
              "EventSource": "Platform",
              "DurationInSeconds": 5
            }
          ]
        }""";

    assertThat(AzureNotices.scheduledEvents("myVM", sample, SEEN)).isEmpty();
  }

  @Test
  void anEmptyEventsArrayMeansNothingIsScheduled() {
    assertThat(AzureNotices.scheduledEvents("myVM", doc(), SEEN)).isEmpty();
  }

  @Test
  void aPreemptForThisVmIsAReclaimAtNotBefore() {
    String body = doc(event("E1", "Preempt", "myVM", "Scheduled", "Mon, 19 Sep 2016 18:29:47 GMT"));

    List<AzureNotices.AzureEvent> events = AzureNotices.scheduledEvents("myVM", body, SEEN);

    assertThat(events).hasSize(1);
    assertThat(events.get(0).eventId()).isEqualTo("E1");
    assertThat(events.get(0).notice())
        .isEqualTo(
            new InterruptionNotice(
                "myVM",
                InterruptionNotice.Kind.RECLAIM,
                Instant.parse("2016-09-19T18:29:47Z"),
                SEEN));
  }

  @Test
  void anEventForAnotherVmOfTheSetIsNotOurs() {
    String body =
        doc(event("E1", "Preempt", "otherVM", "Scheduled", "Mon, 19 Sep 2016 18:29:47 GMT"));

    assertThat(AzureNotices.scheduledEvents("myVM", body, SEEN)).isEmpty();
  }

  @Test
  void rebootRedeployAndTerminateAreMaintenanceAndAStartedEventIsDueNow() {
    String body =
        doc(
            event("R1", "Reboot", "myVM", "Scheduled", "Mon, 19 Sep 2016 18:40:00 GMT"),
            event("R2", "Redeploy", "myVM", "Scheduled", "Mon, 19 Sep 2016 18:40:00 GMT"),
            event("T1", "Terminate", "myVM", "Started", ""));

    List<AzureNotices.AzureEvent> events = AzureNotices.scheduledEvents("myVM", body, SEEN);

    assertThat(events)
        .extracting(e -> e.notice().kind())
        .containsOnly(InterruptionNotice.Kind.MAINTENANCE);
    assertThat(events.get(2).notice().deadline()).isEqualTo(SEEN);
  }

  @Test
  void theAcknowledgementNamesEachEventId() {
    assertThat(AzureNotices.startRequests(List.of("E1", "E2")))
        .isEqualTo("{\"StartRequests\":[{\"EventId\":\"E1\"},{\"EventId\":\"E2\"}]}");
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "{\"Events\": []}|DocumentIncarnation|must be an integer",
        "{\"DocumentIncarnation\": 1}|Events|must be an array",
        "{\"DocumentIncarnation\": 1, \"Events\": [{\"EventType\": \"Preempt\"}]}"
            + "|EventId|azure scheduledevents Events[0]: field 'EventId' is missing",
        "{\"DocumentIncarnation\": 1, \"Events\": [3]}|(document)|Events[0]: field '(document)'",
      })
  void aBadDocumentIsRefusedNamingTheField(String body, String field, String message) {
    assertThatThrownBy(() -> AzureNotices.scheduledEvents("myVM", body, SEEN))
        .isInstanceOfSatisfying(
            NoticeFormatException.class, e -> assertThat(e.field()).isEqualTo(field))
        .hasMessageContaining(message);
  }

  @Test
  void aScheduledEventWithoutNotBeforeOrWithAnUnreadableOneIsRefused() {
    assertThatThrownBy(
            () ->
                AzureNotices.scheduledEvents(
                    "myVM", doc(event("E1", "Preempt", "myVM", "Scheduled", "")), SEEN))
        .hasMessageContaining("field 'NotBefore' is missing for a Scheduled event");
    assertThatThrownBy(
            () ->
                AzureNotices.scheduledEvents(
                    "myVM", doc(event("E1", "Preempt", "myVM", "Scheduled", "2016-09-19")), SEEN))
        .hasMessageContaining("'2016-09-19' is not an RFC 1123 time");
  }

  @Test
  void anUnknownStatusIsRefusedEvenForAnotherVm() {
    // One malformed event rejects the whole document: no half-read acknowledgements.
    String body =
        doc(
            event("E1", "Preempt", "myVM", "Scheduled", "Mon, 19 Sep 2016 18:29:47 GMT"),
            event("E2", "Reboot", "otherVM", "Pending", "Mon, 19 Sep 2016 18:29:47 GMT"));

    assertThatThrownBy(() -> AzureNotices.scheduledEvents("myVM", body, SEEN))
        .hasMessageContaining("Events[1]: field 'EventStatus' 'Pending' is not one of");
  }
}
