package dev.stratus.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.stratus.wire.NodeKeys;
import dev.stratus.wire.RequestSigner;
import dev.stratus.wire.RequestVerifier;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Status lines reach the controller's bootstrap endpoint over loopback HTTP, signed. */
class StatusUploaderTest {
  static final byte[] KEY = NodeKeys.node(new byte[32], "c1", "gpu-003", "st-token-3");
  HttpServer server;
  final List<String> bodies = new CopyOnWriteArrayList<>();
  final List<RequestVerifier.Verdict> verdicts = new CopyOnWriteArrayList<>();
  final Clock clock = Clock.systemUTC();
  final RequestVerifier verifier =
      new RequestVerifier(
          s -> s.equals("gpu-003") ? Optional.of(KEY) : Optional.empty(),
          clock,
          RequestVerifier.DEFAULT_WINDOW,
          100);
  volatile int status = 202;

  @BeforeEach
  void start() throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4);
    server.createContext(
        "/v1/bootstrap",
        ex -> {
          try (ex) {
            byte[] body = ex.getRequestBody().readAllBytes();
            verdicts.add(
                verifier.verify("POST", "/v1/bootstrap", body, ex.getRequestHeaders()::getFirst));
            bodies.add(new String(body, StandardCharsets.UTF_8));
            ex.sendResponseHeaders(status, -1);
          }
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  URI url() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1/bootstrap");
  }

  StatusUploader uploader() {
    return new StatusUploader(url(), "gpu-003", Optional.empty());
  }

  @Test
  void stepsArriveInOrderWithTheNodesNameAndAFailuresMessageSignedWithItsKey() throws Exception {
    StatusUploader uploader = uploader();
    uploader.send(StatusLine.ok("munged", Instant.parse("2026-11-21T11:59:59Z")));
    uploader.signWith(new RequestSigner("gpu-003", KEY, clock));
    uploader.send(
        StatusLine.failed("gpus", Instant.parse("2026-11-21T12:00:00Z"), "gpu: found 7 of 8 h100"));
    uploader.finish();

    assertThat(bodies).hasSize(2);
    assertThat(new ObjectMapper().readTree(bodies.get(0)).get("step").asText()).isEqualTo("munged");
    JsonNode n = new ObjectMapper().readTree(bodies.get(1));
    assertThat(n.get("node").asText()).isEqualTo("gpu-003");
    assertThat(n.get("step").asText()).isEqualTo("gpus");
    assertThat(n.get("ok").asBoolean()).isFalse();
    assertThat(n.get("message").asText()).isEqualTo("gpu: found 7 of 8 h100");
    assertThat(n.get("at").asText()).isEqualTo("2026-11-21T12:00:00Z");
    assertThat(verdicts).containsOnly(new RequestVerifier.Verdict.Accepted("gpu-003"));
  }

  @Test
  void withoutAKeyNothingIsSentAndTheAgentSaysWhy() {
    PrintStream old = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      StatusUploader uploader = uploader();
      uploader.send(StatusLine.failed("node-key", Instant.now(), "vault unwrap failed"));
      uploader.finish();
    } finally {
      System.setErr(old);
    }

    assertThat(bodies).isEmpty();
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("no node key to sign it with");
  }

  @Test
  void aRefusingControllerIsTriedTwiceThenReportedOnStderrWithoutFailing() {
    status = 503;
    PrintStream old = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      StatusUploader uploader = uploader();
      uploader.signWith(new RequestSigner("gpu-003", KEY, clock));
      uploader.send(StatusLine.ok("munged", Instant.now()));
      uploader.finish();
    } finally {
      System.setErr(old);
    }

    assertThat(bodies).hasSize(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("could not report step munged")
        .contains("HTTP 503");
  }

  @Test
  void settingsCarryTheUrlAndRefuseOneThatIsNotHttp() {
    String json =
        """
        {"nodeName":"gpu-001","slurmConf":"/e/slurm.conf","sbinDir":"/usr/sbin",
         "mungeKeySource":"/k/munge.key","mungeSocket":"/m/munge/munge.socket","nodeDir":"/n",
         "gpuCount":0,"deviceDir":"/dev","statusFile":"/n/status.jsonl",
         "reportUrl":"%s"}
        """;
    AgentSettings s = AgentSettings.parse(json.formatted("http://10.0.0.1:8620/v1/bootstrap"));
    assertThat(s.reportUrl()).contains(URI.create("http://10.0.0.1:8620/v1/bootstrap"));
    assertThat(AgentSettings.parse(s.toJson())).isEqualTo(s);
    Assertions.assertThatThrownBy(() -> AgentSettings.parse(json.formatted("file:///etc/passwd")))
        .hasMessageContaining("reportUrl must be http(s)://");
  }
}
