package dev.stratus.spot;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import picocli.CommandLine;

class WatcherMainTest {
  static final MutableClock CLOCK =
      MutableClock.of(Instant.parse("2026-11-21T12:00:00Z"), java.time.ZoneOffset.UTC);

  static WatcherMain parse(String... args) {
    WatcherMain main = new WatcherMain();
    new CommandLine(main).parseArgs(args);
    return main;
  }

  @Test
  void eachCloudGetsItsWatcherWithItsDefaultInterval() {
    NoticeWatcher aws = parse("--cloud", "aws", "--sink", "http://127.0.0.1:1/n").watcher(CLOCK);
    NoticeWatcher azure =
        parse("--cloud", "azure", "--sink", "http://127.0.0.1:1/n").watcher(CLOCK);
    NoticeWatcher gcp = parse("--cloud", "gcp", "--sink", "http://127.0.0.1:1/n").watcher(CLOCK);

    assertThat(aws).isInstanceOf(AwsImdsWatcher.class);
    assertThat(aws.pause()).isEqualTo(Duration.ofSeconds(5));
    assertThat(azure).isInstanceOf(AzureScheduledEventsWatcher.class);
    assertThat(azure.pause()).isEqualTo(Duration.ofSeconds(1));
    assertThat(gcp).isInstanceOf(GcpMetadataWatcher.class);
  }

  @Test
  void anIntervalIsReadInMillisecondsSecondsOrMinutes() {
    assertThat(
            parse("--cloud", "aws", "--sink", "http://x/n", "--interval", "500ms")
                .watcher(CLOCK)
                .pause())
        .isEqualTo(Duration.ofMillis(500));
  }

  @Test
  void anIntervalTakesEveryFormStratusYamlTakes() {
    assertThat(
            parse("--cloud", "aws", "--sink", "http://x/n", "--interval", "1m30s")
                .watcher(CLOCK)
                .pause())
        .isEqualTo(Duration.ofSeconds(90));
    assertThat(
            parse("--cloud", "aws", "--sink", "http://x/n", "--interval", "PT2S")
                .watcher(CLOCK)
                .pause())
        .isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void aZeroIntervalIsRefusedAsNotPositive() {
    StringWriter err = new StringWriter();
    CommandLine cmd = new CommandLine(new WatcherMain()).setErr(new PrintWriter(err));

    int status = cmd.execute("--cloud", "aws", "--sink", "http://x/n", "--interval", "0s");

    assertThat(status).isEqualTo(2);
    assertThat(err.toString()).contains("'0s' is not a positive duration");
  }

  @Test
  void badArgumentsExitWithTwoAndSayWhatIsWrong() {
    StringWriter err = new StringWriter();
    CommandLine cmd = new CommandLine(new WatcherMain()).setErr(new PrintWriter(err));

    int status = cmd.execute("--cloud", "aws", "--sink", "http://x/n", "--interval", "soon");

    assertThat(status).isEqualTo(2);
    assertThat(err.toString()).contains("'soon' is not a duration");
    assertThat(
            new CommandLine(new WatcherMain())
                .setErr(new PrintWriter(new StringWriter()))
                .execute("--cloud", "oracle", "--sink", "http://x/n"))
        .isEqualTo(2);
  }

  @Test
  void theWatcherItBuildsPostsANoticeSeenOnTheMetadataServiceToTheSink() throws Exception {
    WireMockServer controller =
        new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());
    controller.start();
    controller.stubFor(post("/v1/notices").willReturn(aResponse().withStatus(204)));
    try (ImdsModel imds = (ImdsModel) new ImdsModel(CLOCK, "i-0main").serve()) {
      imds.instanceAction("{\"action\": \"stop\", \"time\": \"2026-11-21T12:02:00Z\"}");
      NoticeWatcher w =
          parse(
                  "--cloud",
                  "aws",
                  "--sink",
                  "http://127.0.0.1:" + controller.port() + "/v1/notices",
                  "--metadata",
                  imds.base().toString())
              .watcher(CLOCK);

      assertThat(w.poll()).hasSize(1);

      controller.verify(
          1,
          postRequestedFor(urlEqualTo("/v1/notices"))
              .withRequestBody(
                  matchingJsonPath(
                      "$.instanceId",
                      com.github.tomakehurst.wiremock.client.WireMock.equalTo("i-0main"))));
    } finally {
      controller.stop();
    }
  }
}
