package dev.stratus.testkit.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.testkit.MovableClock;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AzureMetadataModelTest {
  static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");
  static final ObjectMapper JSON = new ObjectMapper();
  static final String PREEMPT =
      "{\"EventId\":\"E-1\",\"EventType\":\"Preempt\",\"ResourceType\":\"VirtualMachine\","
          + "\"Resources\":[\"spot-vm-3\"],\"EventStatus\":\"Scheduled\","
          + "\"NotBefore\":\"Sat, 21 Nov 2026 12:00:30 GMT\"}";
  final AzureMetadataModel imds = new AzureMetadataModel("spot-vm-3", new MovableClock(T0));

  @AfterEach
  void stop() {
    imds.close();
  }

  URI uri(String pathAndQuery) {
    return URI.create(imds.base() + pathAndQuery);
  }

  HttpResponse<String> get(String pathAndQuery) throws Exception {
    return Http.get(uri(pathAndQuery), "Metadata", "true");
  }

  JsonNode events() throws Exception {
    return JSON.readTree(get(AzureMetadataModel.EVENTS + "?api-version=2020-07-01").body());
  }

  HttpResponse<String> acknowledge(String body) throws Exception {
    return Http.send(
        "POST",
        uri(AzureMetadataModel.EVENTS + "?api-version=2020-07-01"),
        body,
        "Metadata",
        "true");
  }

  @Test
  void withoutTheMetadataHeaderOrAnApiVersionEveryPathIsABadRequestInItsFamilysWords()
      throws Exception {
    HttpResponse<String> noHeader = Http.get(uri("/metadata/instance?api-version=2021-02-01"));
    HttpResponse<String> noVersion = get("/metadata/scheduledevents");
    HttpResponse<String> tokenNoHeader =
        Http.get(uri(AzureMetadataModel.TOKEN + "?api-version=2018-02-01&resource=r"));

    assertThat(noHeader.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(noHeader.body()).path("error").asText())
        .contains("Required metadata header not specified");
    assertThat(noVersion.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(noVersion.body()).path("error").asText()).contains("api-version");
    assertThat(tokenNoHeader.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(tokenNoHeader.body()).path("error").asText())
        .isEqualTo("invalid_request");
  }

  @Test
  void theInstanceDocumentNamesTheVmAndALeafNeedsFormatText() throws Exception {
    JsonNode compute =
        JSON.readTree(get("/metadata/instance?api-version=2021-02-01").body()).path("compute");

    assertThat(compute.path("name").asText()).isEqualTo("spot-vm-3");
    assertThat(compute.path("resourceId").asText()).isEqualTo(imds.resourceId());
    assertThat(compute.path("subscriptionId").asText()).isEqualTo(AzureMetadataModel.SUBSCRIPTION);
    assertThat(get("/metadata/instance/compute/name?api-version=2021-02-01&format=text").body())
        .isEqualTo("spot-vm-3");
    assertThat(get("/metadata/instance/compute/name?api-version=2021-02-01").statusCode())
        .isEqualTo(400);
  }

  @Test
  void eachChangeOfTheEventsRaisesTheDocumentIncarnation() throws Exception {
    int before = events().path("DocumentIncarnation").asInt();

    imds.schedule(PREEMPT);

    JsonNode after = events();
    assertThat(after.path("DocumentIncarnation").asInt()).isGreaterThan(before);
    assertThat(after.path("Events").get(0).path("EventId").asText()).isEqualTo("E-1");
  }

  @Test
  void anAcknowledgedEventStartsAndStaysListedWithAnEmptyNotBefore() throws Exception {
    imds.schedule(PREEMPT);

    assertThat(acknowledge("{\"StartRequests\":[{\"EventId\":\"E-1\"}]}").statusCode())
        .isEqualTo(200);

    JsonNode event = events().path("Events").get(0);
    assertThat(event.path("EventStatus").asText()).isEqualTo("Started");
    assertThat(event.path("NotBefore").asText()).isEmpty();
    assertThat(imds.startedEventIds()).containsExactly("E-1");
    assertThat(imds.isScheduled("E-1")).isFalse();
    assertThat(imds.startRequests()).isEqualTo(1);
  }

  @Test
  void anAcknowledgementOfAnUnknownEventStartsNothingAndABadBodyIsRefused() throws Exception {
    imds.schedule(PREEMPT);

    acknowledge("{\"StartRequests\":[{\"EventId\":\"E-other\"}]}");

    assertThat(imds.startedEventIds()).isEmpty();
    assertThat(imds.isScheduled("E-1")).isTrue();
    assertThat(acknowledge("not json").statusCode()).isEqualTo(400);
    assertThat(imds.startRequests()).isEqualTo(1);
  }

  @Test
  void aRawDocumentReplacesTheRenderedOne() throws Exception {
    imds.rawDocument("{\"DocumentIncarnation\": 3, \"Events\": [{}]}");

    assertThat(events().path("DocumentIncarnation").asInt()).isEqualTo(3);
  }

  @Test
  void theManagedIdentityTokenIsSignedForTheResourceAndNamesTheVm() throws Exception {
    JsonNode t =
        JSON.readTree(
            get(AzureMetadataModel.TOKEN + "?api-version=2018-02-01&resource=https://vault/")
                .body());

    assertThat(t.path("token_type").asText()).isEqualTo("Bearer");
    assertThat(t.path("expires_in").isTextual()).isTrue();
    assertThat(t.path("expires_on").asText())
        .isEqualTo(Long.toString(T0.plusSeconds(86400).getEpochSecond()));
    JsonNode claims = TokenSigner.verify(t.path("access_token").asText(), imds.tokenKey());
    assertThat(claims.path("aud").asText()).isEqualTo("https://vault/");
    assertThat(claims.path("xms_mirid").asText()).isEqualTo(imds.resourceId());
    assertThat(imds.issued()).containsExactly(t.path("access_token").asText());
  }

  @Test
  void aVmWithoutAManagedIdentityIsToldIdentityNotFound() throws Exception {
    imds.noIdentity();

    HttpResponse<String> r = get(AzureMetadataModel.TOKEN + "?api-version=2018-02-01&resource=r");

    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(r.body()).path("error_description").asText())
        .isEqualTo("Identity not found");
  }

  @Test
  void aTokenRequestNeedsAResource() throws Exception {
    assertThat(get(AzureMetadataModel.TOKEN + "?api-version=2018-02-01").statusCode())
        .isEqualTo(400);
  }

  @Test
  void onlyTheEventsPathTakesAPostAndUnknownPathsAreNotFound() throws Exception {
    assertThat(
            Http.send(
                    "POST",
                    uri("/metadata/instance?api-version=2021-02-01"),
                    "",
                    "Metadata",
                    "true")
                .statusCode())
        .isEqualTo(405);
    assertThat(get("/metadata/nothing?api-version=2021-02-01").statusCode()).isEqualTo(404);
  }
}
