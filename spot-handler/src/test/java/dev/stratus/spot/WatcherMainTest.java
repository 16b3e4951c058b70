package dev.stratus.spot;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import dev.stratus.testkit.metadata.ImdsModel;
import dev.stratus.wire.RequestVerifier;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.threeten.extra.MutableClock;
import picocli.CommandLine;

class WatcherMainTest {
  static final MutableClock CLOCK =
      MutableClock.of(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC);

  @TempDir static Path dir;

  /** The arguments with the node's name and key file the node's agent wrote. */
  static String[] withKey(String... args) throws IOException {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--node", "gpu-001", "--key-file", Signatures.keyFile(dir).toString()));
    return all.toArray(String[]::new);
  }

  static WatcherMain parse(String... args) throws IOException {
    WatcherMain main = new WatcherMain();
    new CommandLine(main).parseArgs(withKey(args));
    return main;
  }

  static NoticeWatcher watcher(WatcherMain main) {
    return main.watcher(CLOCK, n -> {});
  }

  @Test
  void eachCloudGetsItsWatcherWithItsDefaultInterval() throws Exception {
    NoticeWatcher aws = watcher(parse("--cloud", "aws", "--sink", "http://127.0.0.1:1/n"));
    NoticeWatcher azure = watcher(parse("--cloud", "azure", "--sink", "http://127.0.0.1:1/n"));
    NoticeWatcher gcp = watcher(parse("--cloud", "gcp", "--sink", "http://127.0.0.1:1/n"));

    assertThat(aws).isInstanceOf(AwsImdsWatcher.class);
    assertThat(aws.pause()).isEqualTo(Duration.ofSeconds(5));
    assertThat(azure).isInstanceOf(AzureScheduledEventsWatcher.class);
    assertThat(azure.pause()).isEqualTo(Duration.ofSeconds(1));
    assertThat(gcp).isInstanceOf(GcpMetadataWatcher.class);
  }

  @Test
  void anIntervalIsReadInMillisecondsSecondsOrMinutes() throws Exception {
    assertThat(
            watcher(parse("--cloud", "aws", "--sink", "http://x/n", "--interval", "500ms")).pause())
        .isEqualTo(Duration.ofMillis(500));
  }

  @Test
  void anIntervalTakesEveryFormStratusYamlTakes() throws Exception {
    assertThat(
            watcher(parse("--cloud", "aws", "--sink", "http://x/n", "--interval", "1m30s")).pause())
        .isEqualTo(Duration.ofSeconds(90));
    assertThat(
            watcher(parse("--cloud", "aws", "--sink", "http://x/n", "--interval", "PT2S")).pause())
        .isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void aZeroIntervalIsRefusedAsNotPositive() throws Exception {
    StringWriter err = new StringWriter();
    CommandLine cmd = new CommandLine(new WatcherMain()).setErr(new PrintWriter(err));

    int status = cmd.execute(withKey("--cloud", "aws", "--sink", "http://x/n", "--interval", "0s"));

    assertThat(status).isEqualTo(2);
    assertThat(err.toString()).contains("'0s' is not a positive duration");
  }

  @Test
  void badArgumentsExitWithTwoAndSayWhatIsWrong() throws Exception {
    StringWriter err = new StringWriter();
    CommandLine cmd = new CommandLine(new WatcherMain()).setErr(new PrintWriter(err));

    int status =
        cmd.execute(withKey("--cloud", "aws", "--sink", "http://x/n", "--interval", "soon"));

    assertThat(status).isEqualTo(2);
    assertThat(err.toString()).contains("'soon' is not a duration");
    assertThat(
            new CommandLine(new WatcherMain())
                .setErr(new PrintWriter(new StringWriter()))
                .execute(withKey("--cloud", "oracle", "--sink", "http://x/n")))
        .isEqualTo(2);
  }

  @Test
  void withoutTheNodesNameOrAReadableKeyFileTheWatcherDoesNotStart() throws IOException {
    StringWriter err = new StringWriter();
    int noNode =
        new CommandLine(new WatcherMain())
            .setErr(new PrintWriter(err))
            .execute("--cloud", "aws", "--sink", "http://x/n");
    Path open = Files.write(dir.resolve("open.key"), new byte[32]);
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
    WatcherMain main = new WatcherMain();
    new CommandLine(main)
        .parseArgs(
            "--cloud",
            "aws",
            "--sink",
            "http://x/n",
            "--node",
            "gpu-001",
            "--key-file",
            open.toString());

    assertThat(noNode).isEqualTo(2);
    assertThat(err.toString()).contains("--node").contains("--key-file");
    assertThatThrownBy(() -> main.sink(CLOCK))
        .hasMessageContaining(open.toString())
        .hasMessageContaining("readable by its owner only");
  }

  @Test
  void theWatcherItBuildsPostsANoticeSeenOnTheMetadataServiceToTheSink() throws Exception {
    WireMockServer controller =
        new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());
    controller.start();
    controller.stubFor(post("/v1/notices").willReturn(aResponse().withStatus(204)));
    try (ImdsModel imds = new ImdsModel(CLOCK, "i-0main")) {
      imds.instanceAction("{\"action\": \"stop\", \"time\": \"2026-11-21T12:02:00Z\"}");
      WatcherMain main =
          parse(
              "--cloud",
              "aws",
              "--sink",
              "http://127.0.0.1:" + controller.port() + "/v1/notices",
              "--metadata",
              imds.base().toString());
      NoticeWatcher w = main.watcher(CLOCK, main.sink(CLOCK));

      assertThat(w.poll()).hasSize(1);
      assertThat(Signatures.verify(controller.getAllServeEvents().get(0).getRequest(), CLOCK))
          .isEqualTo(new RequestVerifier.Verdict.Accepted("gpu-001"));

      controller.verify(
          1,
          postRequestedFor(urlEqualTo("/v1/notices"))
              .withRequestBody(matchingJsonPath("$.instanceId", WireMock.equalTo("i-0main"))));
    } finally {
      controller.stop();
    }
  }
}
