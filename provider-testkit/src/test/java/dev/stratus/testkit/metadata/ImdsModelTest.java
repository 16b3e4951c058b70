package dev.stratus.testkit.metadata;

import static dev.stratus.testkit.metadata.ImdsModel.TOKEN_HEADER;
import static dev.stratus.testkit.metadata.ImdsModel.TTL_HEADER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.testkit.MovableClock;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ImdsModelTest {
  static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");
  final MovableClock clock = new MovableClock(T0);
  final ImdsModel imds = new ImdsModel(clock, "i-0abc");

  @AfterEach
  void stop() {
    imds.close();
  }

  URI uri(String path) {
    return URI.create(imds.base() + path);
  }

  HttpResponse<String> tokenFor(String ttl) throws Exception {
    return ttl == null
        ? Http.send("PUT", uri("/latest/api/token"), "")
        : Http.send("PUT", uri("/latest/api/token"), "", TTL_HEADER, ttl);
  }

  String token() throws Exception {
    return tokenFor("21600").body();
  }

  HttpResponse<String> get(String path, String token) throws Exception {
    return Http.get(uri(path), TOKEN_HEADER, token);
  }

  @Test
  void aTokenIsIssuedForATtlOfOneToSixHoursAndTheTtlIsEchoed() throws Exception {
    HttpResponse<String> r = tokenFor("120");

    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue(TTL_HEADER)).hasValue("120");
    assertThat(r.body()).startsWith("AQAEA");
    assertThat(imds.tokensIssued()).isEqualTo(1);
  }

  @Test
  void aTokenRequestWithoutOrWithAnOutOfRangeTtlIsABadRequest() throws Exception {
    assertThat(tokenFor(null).statusCode()).isEqualTo(400);
    assertThat(tokenFor("0").statusCode()).isEqualTo(400);
    assertThat(tokenFor("21601").statusCode()).isEqualTo(400);
    assertThat(tokenFor("six hours").statusCode()).isEqualTo(400);
    assertThat(imds.tokensIssued()).isZero();
  }

  @Test
  void aTokenRequestThatCameThroughAProxyIsForbidden() throws Exception {
    HttpResponse<String> r =
        Http.send(
            "PUT", uri("/latest/api/token"), "", TTL_HEADER, "60", "X-Forwarded-For", "10.0.0.9");

    assertThat(r.statusCode()).isEqualTo(403);
  }

  @Test
  void metadataWithoutALiveTokenIsUnauthorizedAndCounted() throws Exception {
    String token = tokenFor("60").body();

    assertThat(Http.get(uri("/latest/meta-data/instance-id")).statusCode()).isEqualTo(401);
    assertThat(get("/latest/meta-data/instance-id", "AQAEAforged").statusCode()).isEqualTo(401);
    assertThat(get("/latest/meta-data/instance-id", token).body()).isEqualTo("i-0abc");
    clock.add(Duration.ofSeconds(60));
    assertThat(get("/latest/meta-data/instance-id", token).statusCode()).isEqualTo(401);
    assertThat(imds.refusedForToken()).isEqualTo(3);
  }

  @Test
  void tokensIssuedBeforeARestartAreUnknownAfterIt() throws Exception {
    String token = token();
    imds.forgetTokens();

    assertThat(get("/latest/meta-data/instance-id", token).statusCode()).isEqualTo(401);
  }

  @Test
  void theSpotNoticesAreNotFoundUntilTheCloudPostsThem() throws Exception {
    String token = token();
    String action = "{\"action\": \"terminate\", \"time\": \"2026-11-21T12:02:00Z\"}";
    assertThat(get("/latest/meta-data/spot/instance-action", token).statusCode()).isEqualTo(404);
    assertThat(get("/latest/meta-data/events/recommendations/rebalance", token).statusCode())
        .isEqualTo(404);

    imds.instanceAction(action);
    imds.rebalance("{\"noticeTime\": \"2026-11-21T11:59:58Z\"}");

    assertThat(get("/latest/meta-data/spot/instance-action", token).body()).isEqualTo(action);
    assertThat(get("/latest/meta-data/events/recommendations/rebalance", token).body())
        .contains("noticeTime");
  }

  @Test
  void theInstanceProfileRoleIsListedAndItsCredentialsAnsweredInTheDocumentedShape()
      throws Exception {
    String token = token();
    String base = "/latest/meta-data/iam/security-credentials/";

    assertThat(get(base, token).body()).isEqualTo("stratus-node-profile");
    JsonNode creds = new ObjectMapper().readTree(get(base + "stratus-node-profile", token).body());

    assertThat(creds.path("Code").asText()).isEqualTo("Success");
    assertThat(creds.path("Type").asText()).isEqualTo("AWS-HMAC");
    assertThat(creds.path("AccessKeyId").asText()).isEqualTo(imds.credentials().accessKeyId());
    assertThat(creds.path("SecretAccessKey").asText())
        .isEqualTo(imds.credentials().secretAccessKey());
    assertThat(creds.path("Token").asText()).isEqualTo(imds.credentials().token());
    assertThat(creds.path("LastUpdated").asText()).isEqualTo("2026-11-21T12:00:00Z");
    assertThat(creds.path("Expiration").asText()).isEqualTo("2026-11-21T18:00:00Z");
  }

  @Test
  void anInstanceWithoutAnInstanceProfileHasNoCredentialsPath() throws Exception {
    String token = token();
    imds.role(null);

    HttpResponse<String> r = get("/latest/meta-data/iam/security-credentials/", token);

    assertThat(r.statusCode()).isEqualTo(404);
    assertThat(r.body()).contains("404 - Not Found");
  }

  @Test
  void aCredentialsBodyCanBeReplacedToPlayABrokenService() throws Exception {
    imds.credentialsBody("oops");

    assertThat(
            get("/latest/meta-data/iam/security-credentials/stratus-node-profile", token()).body())
        .isEqualTo("oops");
  }

  @Test
  void onlyGetAndTheTokenPutAreAllowed() throws Exception {
    String token = token();

    assertThat(
            Http.send("POST", uri("/latest/meta-data/instance-id"), "", TOKEN_HEADER, token)
                .statusCode())
        .isEqualTo(405);
    assertThat(Http.get(uri("/latest/api/token")).statusCode()).isEqualTo(405);
  }

  @Test
  void everyRequestIsRecordedWithoutItsQuery() throws Exception {
    get("/latest/meta-data/instance-id?x=1", token());

    assertThat(imds.calls())
        .containsExactly("PUT /latest/api/token", "GET /latest/meta-data/instance-id");
  }
}
