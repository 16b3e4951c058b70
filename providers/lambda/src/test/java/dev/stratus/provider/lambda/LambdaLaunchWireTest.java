package dev.stratus.provider.lambda;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeUserData;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.Recovery;
import dev.stratus.testkit.LaunchRequests;
import dev.stratus.testkit.lambda.LambdaReply;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What goes over the wire to Lambda on a launch, and how Lambda's errors come back. */
class LambdaLaunchWireTest {
  @TempDir Path dir;
  LambdaHarness h;

  LambdaHarness open(Map<String, Object> extra) {
    h = new LambdaHarness(dir, extra, Clock.systemUTC());
    return h;
  }

  @AfterEach
  void close() {
    h.close();
  }

  long calls(String call) {
    return h.server().calls().stream().filter(call::equals).count();
  }

  LaunchResult launch(int nodes) {
    return h.provider().launch(LaunchRequests.of(h, h.nodeNames(nodes), true));
  }

  @Test
  void aRegionWithoutCapacityInInstanceTypesFailsTheLaunchWithoutSpendingALaunchRequest() {
    open(Map.of()).exhaust(h.offering().key());

    LaunchResult r = launch(2);

    assertThat(r.failures().get(0).error()).isInstanceOf(ProviderError.InsufficientCapacity.class);
    assertThat(r.failures().get(0).error().code())
        .isEqualTo("instance-operations/launch/insufficient-capacity");
    assertThat(calls("GET /instance-types")).isEqualTo(1);
    assertThat(calls("POST /instance-operations/launch")).isZero();
  }

  @Test
  void aLaunchRefusedForCapacityIsNotRetriedAndDropsTheCachedProbe() {
    open(Map.of());
    List<String> nodes = h.nodeNames(1);
    h.failLaunchOf(nodes.get(0));

    LaunchResult refused = h.provider().launch(LaunchRequests.of(h, nodes, true));
    LaunchResult next = launch(1);

    assertThat(refused.failures().get(0).error().recovery())
        .isEqualTo(Recovery.TRY_ANOTHER_OFFERING);
    assertThat(next.complete()).isTrue();
    assertThat(calls("POST /instance-operations/launch")).isEqualTo(2);
    assertThat(calls("GET /instance-types")).isEqualTo(2);
  }

  @Test
  void theQuotaIsQuotaAndABadKeyIsUnauthorizedNeitherRetried() {
    open(Map.of()).model().quota(0);
    assertThat(launch(1).failures().get(0).error()).isInstanceOf(ProviderError.QuotaExceeded.class);
    assertThat(calls("POST /instance-operations/launch")).isEqualTo(1);

    Path badKey = dir.resolve("bad-key");
    try {
      Files.writeString(badKey, "secret_revoked\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try (var revoked = h.another(Map.of("apiKeyFile", badKey.toString()))) {
      ProviderError e =
          revoked.launch(LaunchRequests.of(h, h.nodeNames(1), true)).failures().get(0).error();
      assertThat(e).isInstanceOf(ProviderError.Unauthorized.class);
      assertThat(e.message()).doesNotContain("secret_revoked");
    }
  }

  @Test
  void aLaunchWithinLambdasLaunchRateLimitIsRetriedAfterThe429() {
    open(Map.of()).model().launchInterval(Duration.ofMillis(30));

    LaunchResult r = launch(2);

    assertThat(r.complete()).isTrue();
    assertThat(h.model().liveIds()).hasSize(2);
    assertThat(calls("POST /instance-operations/launch")).isGreaterThan(2);
  }

  @Test
  void aLaunchWhoseAnswerWasLostIsFoundByItsNameInsteadOfLaunchedTwice() {
    open(Map.of()).model().listLag(Duration.ZERO);
    h.server().loseNextLaunchAnswer(504, "global/unknown", "Gateway timeout");

    LaunchResult r = launch(1);

    assertThat(r.complete()).isTrue();
    assertThat(h.model().liveIds()).containsExactly(r.launched().get(0).id());
    assertThat(calls("POST /instance-operations/launch")).isEqualTo(1);
  }

  @Test
  void eachLaunchIsOneNamedTaggedInstanceWithItsNodesNameAndWrappingTokenInItsUserData()
      throws Exception {
    Path userData = dir.resolve("cloud-init-lambda.yaml");
    Files.writeString(
        userData,
        "#cloud-config\nnode='"
            + NodeUserData.NODE_NAME_SLOT
            + "'\ntoken='"
            + NodeUserData.WRAPPING_TOKEN_SLOT
            + "'\n");
    open(Map.of("userDataFile", userData.toString()));
    List<String> nodes = h.nodeNames(2);

    LaunchResult r =
        h.provider()
            .launch(
                LaunchRequests.of(h, "tok-7", nodes, true, LaunchRequests.credentials(nodes, "a")));

    assertThat(r.complete()).isTrue();
    for (Instance i : r.launched()) {
      String node = i.nodeName().orElseThrow();
      assertThat(h.model().userDataOf(i.id()))
          .contains("node='" + node + "'")
          .contains("token='hvs.wrap-a-" + node + "'");
      assertThat(h.model().nameOf(i.id())).startsWith(node + ".").hasSizeLessThanOrEqualTo(64);
      JsonNode tags = h.model().tagsOf(i.id());
      assertThat(tags.findValuesAsText("key"))
          .contains(
              "stratus-cluster", "stratus-pool", "stratus-node", "stratus-job", "stratus-token");
    }
    JsonNode body = LambdaReply.JSON.readTree(h.server().launchBodies().get(0));
    assertThat(body.get("quantity").asInt()).isEqualTo(1);
    assertThat(body.get("ssh_key_names").toString()).isEqualTo("[\"stratus-ops\"]");
  }

  @Test
  void aRestartedControllerRepeatingALaunchFindsItsInstancesByNameAndLaunchesNothing() {
    open(Map.of()).model().listLag(Duration.ZERO);
    var request = LaunchRequests.of(h, h.nodeNames(2), true);
    List<String> first =
        h.provider().launch(request).launched().stream().map(Instance::id).toList();

    try (var restarted = h.another(Map.of())) {
      LaunchResult again = restarted.launch(request);

      assertThat(again.launched())
          .extracting(Instance::id)
          .containsExactlyInAnyOrderElementsOf(first);
      assertThat(again.launched())
          .allSatisfy(i -> assertThat(i.tags()).containsEntry("stratus:pool", "gpu"));
    }
    assertThat(calls("POST /instance-operations/launch")).isEqualTo(2);
  }

  @Test
  void terminatingWithAnIdLambdaNoLongerKnowsTerminatesTheRestOneByOne() {
    open(Map.of());
    List<String> ids = launch(2).launched().stream().map(Instance::id).toList();
    h.provider().terminate(List.of(ids.get(0)));

    h.provider().terminate(ids);

    assertThat(h.model().liveIds()).isEmpty();
    assertThat(calls("POST /instance-operations/terminate")).isEqualTo(4);
  }
}
