package dev.stratus.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.stratus.bootstrap.secret.CloudIdentity;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import dev.stratus.bootstrap.secret.NodeKeySource;
import dev.stratus.bootstrap.secret.NodeKeySpec;
import dev.stratus.bootstrap.secret.VaultLogin;
import dev.stratus.wire.KeyFiles;
import dev.stratus.wire.NodeKeys;
import dev.stratus.wire.RequestVerifier;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The node-key step: the agent unwraps its signing key once (a Vault that answers {@code
 * sys/wrapping/unwrap} as Vault does: once per token), installs it 0400 and signs every status
 * report with it, the ones before the key included; a spent token is a failed step with a reason.
 */
class NodeKeyStepTest extends AgentHarness {
  static final byte[] NODE_KEY = NodeKeys.node(new byte[32], "c1", "gpu-001", "st-token-1");
  static final String TOKEN = "hvs.wrap.node-key-of-gpu-001";

  HttpServer vault;
  HttpServer controller;
  final Map<String, String> wrapped = new ConcurrentHashMap<>();
  final List<RequestVerifier.Verdict> verdicts = new CopyOnWriteArrayList<>();
  final List<String> reported = new CopyOnWriteArrayList<>();
  Path tokenFile;

  @BeforeEach
  void servers() throws Exception {
    vault = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4);
    vault.createContext(
        "/v1/sys/wrapping/unwrap",
        ex -> {
          try (ex) {
            String data =
                wrapped.remove(String.valueOf(ex.getRequestHeaders().getFirst("X-Vault-Token")));
            byte[] body =
                (data == null
                        ? "{\"errors\":[\"wrapping token is not valid or does not exist\"]}"
                        : "{\"request_id\":\"r\",\"lease_id\":\"\",\"renewable\":false,"
                            + "\"lease_duration\":0,\"data\":{\"key\":\""
                            + data
                            + "\"},\"wrap_info\":null,\"warnings\":null,\"auth\":null}")
                    .getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("Content-Type", "application/json");
            ex.sendResponseHeaders(data == null ? 400 : 200, body.length);
            ex.getResponseBody().write(body);
          }
        });
    vault.start();
    RequestVerifier verifier =
        new RequestVerifier(
            s -> s.equals("gpu-001") ? Optional.of(NODE_KEY) : Optional.empty(),
            clock,
            RequestVerifier.DEFAULT_WINDOW,
            100);
    controller = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4);
    controller.createContext(
        "/v1/bootstrap",
        ex -> {
          try (ex) {
            byte[] body = ex.getRequestBody().readAllBytes();
            verdicts.add(
                verifier.verify("POST", "/v1/bootstrap", body, ex.getRequestHeaders()::getFirst));
            reported.add(new String(body, StandardCharsets.UTF_8));
            ex.sendResponseHeaders(202, -1);
          }
        });
    controller.start();
    tokenFile = dir.resolve("run/node-key-wrap");
    Files.createDirectories(tokenFile.getParent());
    Files.writeString(tokenFile, TOKEN);
    Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("r--------"));
    KeySourceSpec.VaultSource source =
        new KeySourceSpec.VaultSource(
            URI.create("http://127.0.0.1:" + vault.getAddress().getPort()),
            "secret",
            "slurm/munge",
            "key",
            new VaultLogin.AppRole("approle", "role-id", null, dir.resolve("run/vault-wrap")),
            Optional.empty(),
            Duration.ofSeconds(5));
    settings =
        new AgentSettings(
                settings.nodeName(),
                settings.address(),
                settings.slurmConf(),
                settings.sbinDir(),
                settings.binDir(),
                source,
                settings.mungeSocket(),
                settings.nodeDir(),
                settings.gpuCount(),
                settings.deviceDir(),
                settings.statusFile(),
                settings.mungeTimeout(),
                true,
                null,
                true,
                Optional.of(
                    URI.create(
                        "http://127.0.0.1:" + controller.getAddress().getPort() + "/v1/bootstrap")),
                "",
                "",
                Optional.empty(),
                Optional.empty())
            .withNodeKey(new NodeKeySpec.Wrapped(tokenFile));
    nodeKey =
        Optional.of(
            new NodeKeySource(settings.nodeKey().get(), source, CloudIdentity.none(), "gpu-001"));
  }

  @AfterEach
  void stop() {
    vault.stop(0);
    controller.stop(0);
  }

  @Test
  void theKeyIsUnwrappedOnceInstalledOwnerOnlyAndEveryReportIsSignedWithIt() throws Exception {
    wrapped.put(TOKEN, Base64.getEncoder().encodeToString(NODE_KEY));

    assertThat(runAgent()).as("%s", status()).isTrue();

    assertThat(status()).extracting(StatusLine::step).startsWith("hostname", "node-key");
    Path installed = settings.nodeDir().resolve("keys/node.key");
    assertThat(KeyFiles.read(installed)).isEqualTo(NODE_KEY);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(installed)))
        .isEqualTo("r--------");
    assertThat(tokenFile).doesNotExist();
    assertThat(wrapped).isEmpty();
    assertThat(reported).hasSize(status().size());
    assertThat(reported.get(0)).contains("\"step\":\"hostname\"");
    assertThat(verdicts).allMatch(v -> v.equals(new RequestVerifier.Verdict.Accepted("gpu-001")));
  }

  @Test
  void aSpentWrappingTokenIsAFailedStepThatSaysSoAndStopsTheAgent() throws Exception {
    // someone unwrapped it first: Vault no longer knows the token

    assertThat(runAgent()).isFalse();

    StatusLine last = status().get(status().size() - 1);
    assertThat(last.step()).isEqualTo("node-key");
    assertThat(last.ok()).isFalse();
    assertThat(last.message())
        .contains("wrapping token is not valid or does not exist")
        .contains("already used or has expired")
        .doesNotContain(TOKEN);
    assertThat(programs()).noneMatch(p -> p.endsWith("munged") || p.endsWith("slurmd"));
    assertThat(tokenFile).doesNotExist();
    assertThat(reported).as("nothing can be signed without the key").isEmpty();
  }

  @Test
  void aKeyFileOthersMayReadIsRefusedNamingIt() throws Exception {
    Path open = settings.nodeDir().resolve("keys/node.key");
    Files.createDirectories(open.getParent());
    Files.write(open, NODE_KEY);
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
    settings = settings.withNodeKey(new NodeKeySpec.FileKey(open));
    nodeKey =
        Optional.of(
            new NodeKeySource(
                settings.nodeKey().get(),
                settings.mungeKeySource(),
                CloudIdentity.none(),
                "gpu-001"));

    assertThat(runAgent()).isFalse();

    StatusLine last = status().get(status().size() - 1);
    assertThat(last.step()).isEqualTo("node-key");
    assertThat(last.message()).contains(open.toString()).contains("readable by its owner only");
  }
}
