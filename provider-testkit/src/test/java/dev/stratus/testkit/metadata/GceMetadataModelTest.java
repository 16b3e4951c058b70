package dev.stratus.testkit.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stratus.testkit.MovableClock;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class GceMetadataModelTest {
  static final Instant T0 = Instant.parse("2026-11-21T12:00:00Z");
  final GceMetadataModel gce = new GceMetadataModel("gpu-node-7", new MovableClock(T0));

  @AfterEach
  void stop() {
    gce.close();
  }

  HttpResponse<String> get(String pathAndQuery) throws Exception {
    return Http.get(URI.create(gce.base() + pathAndQuery), "Metadata-Flavor", "Google");
  }

  @Test
  void aRequestWithoutMetadataFlavorIsForbidden() throws Exception {
    HttpResponse<String> r =
        Http.get(URI.create(gce.base() + "/computeMetadata/v1/instance/preempted"));

    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(r.body()).contains("Metadata-Flavor");
  }

  @Test
  void instanceValuesAreTextWithAnEtagAndTheFlavorHeader() throws Exception {
    HttpResponse<String> r = get("/computeMetadata/v1/instance/preempted");

    assertThat(r.body()).isEqualTo("FALSE");
    assertThat(r.headers().firstValue("Metadata-Flavor")).hasValue("Google");
    assertThat(r.headers().firstValue("Content-Type")).hasValue("application/text");
    assertThat(r.headers().firstValue("ETag")).isPresent();
    assertThat(get("/computeMetadata/v1/instance/name").body()).isEqualTo("gpu-node-7");
    assertThat(get("/computeMetadata/v1/instance/zone").body())
        .isEqualTo("projects/123456789012/zones/us-central1-a");
    assertThat(get("/computeMetadata/v1/instance/no-such-key").statusCode()).isEqualTo(404);
  }

  @Test
  void aChangedValueGetsANewEtagAndAStaleEtagIsAnsweredAtOnce() throws Exception {
    String etag = get("/computeMetadata/v1/instance/preempted").headers().firstValue("ETag").get();
    gce.set("preempted", "TRUE");

    HttpResponse<String> r =
        get("/computeMetadata/v1/instance/preempted?wait_for_change=true&last_etag=" + etag);

    assertThat(r.body()).isEqualTo("TRUE");
    assertThat(r.headers().firstValue("ETag")).isNotEqualTo(etag);
    assertThat(gce.heldWaits()).isZero();
  }

  @Test
  void aWaitOnTheCurrentEtagIsHeldUntilTheValueChanges() throws Exception {
    String etag = get("/computeMetadata/v1/instance/preempted").headers().firstValue("ETag").get();
    CompletableFuture<HttpResponse<String>> waiting =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return get(
                    "/computeMetadata/v1/instance/preempted?wait_for_change=true&timeout_sec=30"
                        + "&last_etag="
                        + etag);
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (gce.heldWaits() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(waiting).isNotDone();

    gce.set("preempted", "TRUE");

    assertThat(waiting.get(20, TimeUnit.SECONDS).body()).isEqualTo("TRUE");
  }

  @Test
  void aWaitWithoutAChangeEndsAtItsTimeoutWithTheSameValue() throws Exception {
    String etag = get("/computeMetadata/v1/instance/preempted").headers().firstValue("ETag").get();
    long start = System.nanoTime();

    HttpResponse<String> r =
        get(
            "/computeMetadata/v1/instance/preempted?wait_for_change=true&timeout_sec=1&last_etag="
                + etag);

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(Duration.ofMillis(900));
    assertThat(r.body()).isEqualTo("FALSE");
    assertThat(r.headers().firstValue("ETag")).hasValue(etag);
  }

  @Test
  void withoutEtagsTheValuesComeBare() throws Exception {
    gce.dropEtags();

    assertThat(get("/computeMetadata/v1/instance/preempted").headers().firstValue("ETag"))
        .isEmpty();
  }

  @Test
  void theIdentityTokenIsSignedForTheAudienceAndCarriesTheInstanceWithFormatFull()
      throws Exception {
    String jwt = get(GceMetadataModel.IDENTITY + "?audience=vault/slurm&format=full").body();

    JsonNode claims = TokenSigner.verify(jwt, gce.tokenKey());
    assertThat(claims).isNotNull();
    assertThat(claims.path("aud").asText()).isEqualTo("vault/slurm");
    assertThat(claims.path("iss").asText()).isEqualTo("https://accounts.google.com");
    assertThat(claims.path("exp").asLong()).isEqualTo(T0.plusSeconds(3600).getEpochSecond());
    JsonNode gceClaims = claims.path("google").path("compute_engine");
    assertThat(gceClaims.path("instance_name").asText()).isEqualTo("gpu-node-7");
    assertThat(gceClaims.path("project_id").asText()).isEqualTo(GceMetadataModel.PROJECT_ID);
    assertThat(gceClaims.path("zone").asText()).isEqualTo(GceMetadataModel.ZONE);
  }

  @Test
  void theDefaultIdentityTokenHasNoComputeEngineClaims() throws Exception {
    JsonNode claims =
        TokenSigner.verify(get(GceMetadataModel.IDENTITY + "?audience=a").body(), gce.tokenKey());

    assertThat(claims.has("google")).isFalse();
  }

  @Test
  void anIdentityTokenNeedsAnAudienceAndAServiceAccount() throws Exception {
    assertThat(get(GceMetadataModel.IDENTITY).statusCode()).isEqualTo(400);

    gce.noServiceAccount();

    assertThat(get(GceMetadataModel.IDENTITY + "?audience=a").statusCode()).isEqualTo(404);
  }

  @Test
  void aTokenSignedByAnotherKeyDoesNotVerify() throws Exception {
    String jwt = get(GceMetadataModel.IDENTITY + "?audience=a").body();

    assertThat(TokenSigner.verify(jwt, new TokenSigner().publicKey())).isNull();
    assertThat(TokenSigner.verify("not.a.jwt", gce.tokenKey())).isNull();
  }
}
