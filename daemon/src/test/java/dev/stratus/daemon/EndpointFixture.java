package dev.stratus.daemon;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import dev.stratus.core.config.ControllerSettings;
import dev.stratus.core.notice.BootstrapInbox;
import dev.stratus.core.notice.NoticeInbox;
import dev.stratus.wire.GpuHealthReport;
import dev.stratus.wire.InterruptionNotice;
import dev.stratus.wire.KeyFiles;
import dev.stratus.wire.RequestSigner;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.threeten.extra.MutableClock;

/**
 * A real endpoint on loopback with a controller secret, two nodes bound to live instances ({@code
 * gpu-001} on {@code i-1}, {@code gpu-002} on {@code i-2}), the controller's inboxes and a wake
 * counter; and a client that signs as a node or the operator.
 */
class EndpointFixture implements AutoCloseable {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final OfferingKey KEY =
      new OfferingKey("local", "local", "rack-a", "local-h100x8", CapacityType.SPOT);

  final MutableClock clock = MutableClock.of(NOW, ZoneOffset.UTC);
  final NoticeInbox inbox = new NoticeInbox(clock);
  final BootstrapInbox reports = new BootstrapInbox();
  final AtomicInteger wakes = new AtomicInteger();
  final List<GpuHealthReport> health = new CopyOnWriteArrayList<>();
  final List<Instance> instances = new CopyOnWriteArrayList<>();
  final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  final ControllerSecret secret;
  final NoticeServer server;
  final URI base;

  EndpointFixture(Path dir) throws IOException {
    this(dir, EndpointLimits.DEFAULTS, Optional.empty(), Optional.empty());
  }

  EndpointFixture(
      Path dir,
      EndpointLimits limits,
      Optional<ControllerSettings.Tls> tls,
      Optional<String> metricsToken)
      throws IOException {
    byte[] raw = new byte[32];
    raw[0] = 42;
    KeyFiles.write(dir.resolve("keys/controller.secret"), raw);
    secret = ControllerSecret.read(dir.resolve("keys/controller.secret"), "c1");
    bind("gpu-001", "i-1", "st-token-1");
    bind("gpu-002", "i-2", "st-token-2");
    InstanceDirectory directory =
        new InstanceDirectory(() -> instances, List::of, n -> true, clock, Duration.ofSeconds(5));
    NoticeRoutes routes =
        new NoticeRoutes(
            new NoticeRoutes.Receivers(
                n -> inbox.add(n, clock.instant()),
                inbox::state,
                reports::add,
                wakes::incrementAndGet,
                r -> {
                  health.add(r);
                  return "taken";
                }),
            new Signers(secret, directory::boundTo, clock, limits.maxNonces()),
            new MetricsRoute(() -> "stratus_up 1.0\n", metricsToken),
            limits,
            clock);
    server = new NoticeServer("127.0.0.1:0", tls, limits, routes);
    base =
        URI.create(
            (tls.isPresent() ? "https" : "http") + "://127.0.0.1:" + server.address().getPort());
  }

  void bind(String node, String instanceId, String token) {
    instances.add(
        new Instance(
            instanceId,
            KEY,
            InstanceState.RUNNING,
            NOW,
            "10.77.0.11",
            Map.of(Tags.NODE, node, Tags.TOKEN, token, Tags.CLUSTER, "c1")));
  }

  /** The key the controller derives for {@code node} on the launch with {@code token}. */
  byte[] key(String node, String token) {
    return secret.keyFor(node, token).orElseThrow();
  }

  RequestSigner signer(String node) {
    return new RequestSigner(
        node, key(node, "st-token-" + node.substring(node.length() - 1)), clock);
  }

  static InterruptionNotice reclaim(String instanceId) {
    return new InterruptionNotice(
        instanceId, InterruptionNotice.Kind.RECLAIM, NOW.plusSeconds(120), NOW);
  }

  HttpResponse<String> send(String method, String target, String body, Map<String, String> headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(base.resolve(target))
            .timeout(Duration.ofSeconds(30))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    headers.forEach(b::header);
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** {@code method target} with {@code body}, signed by {@code signer}. */
  HttpResponse<String> signed(RequestSigner signer, String method, String target, String body)
      throws IOException, InterruptedException {
    byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    return send(method, target, body, signer.headers(method, target, bytes));
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
