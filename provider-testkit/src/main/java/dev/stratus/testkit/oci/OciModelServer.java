package dev.stratus.testkit.oci;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link OciModel} served by WireMock on 127.0.0.1 at OCI's paths ({@code /20160918/...}): every
 * request must carry a valid signature ({@link OciSignatures}, else {@code 401 NotAuthenticated});
 * each answer has an {@code opc-request-id}. It can be told to throttle the next calls ({@code 429
 * TooManyRequests} with {@code Retry-After}) or to fail the next call with a given error; neither
 * changes state. It records each call as "METHOD path" and each LaunchInstance's retry token.
 */
public final class OciModelServer implements AutoCloseable {
  private final OciModel model;
  private final OciRoutes routes;
  private final OciSignatures signatures = new OciSignatures();
  private final WireMockServer server;
  private final Deque<OciReply> faults = new ArrayDeque<>();
  private final Map<String, Deque<OciReply>> faultsOf = new HashMap<>();
  private final List<String> calls = Collections.synchronizedList(new ArrayList<>());
  private final List<String> retryTokens = Collections.synchronizedList(new ArrayList<>());
  private final Set<String> denied = ConcurrentHashMap.newKeySet();

  public OciModelServer(Clock clock) {
    this.model = new OciModel(clock);
    this.routes = new OciRoutes(model);
    this.server =
        new WireMockServer(
            options().bindAddress("127.0.0.1").dynamicPort().extensions(new Routes()));
    server.start();
    server.stubFor(any(anyUrl()).willReturn(aResponse().withTransformers(Routes.NAME)));
  }

  public OciModel model() {
    return model;
  }

  public URI endpoint() {
    return URI.create("http://127.0.0.1:" + server.port());
  }

  /** The API signing key of {@code keyId} ({@code tenancy/user/fingerprint}). */
  public void trust(String keyId, PublicKey key) {
    signatures.trust(keyId, key);
  }

  public synchronized void throttleNextCalls(int n) {
    for (int i = 0; i < n; i++) {
      faults.add(
          new OciReply(
              429,
              "{\"code\":\"TooManyRequests\",\"message\":\"Too many requests for the user.\"}",
              Map.of("retry-after", "1")));
    }
  }

  public synchronized void failNextCall(int status, String code, String message) {
    faults.add(OciReply.error(status, code, message));
  }

  /** The next {@code call} ("METHOD path") fails with this error, changing nothing. */
  public synchronized void failNext(String call, int status, String code, String message) {
    faultsOf
        .computeIfAbsent(call, c -> new ArrayDeque<>())
        .add(OciReply.error(status, code, message));
  }

  /** The next {@code n} {@code call}s are throttled. */
  public synchronized void throttleNext(String call, int n) {
    for (int i = 0; i < n; i++) {
      faultsOf
          .computeIfAbsent(call, c -> new ArrayDeque<>())
          .add(
              new OciReply(
                  429,
                  "{\"code\":\"TooManyRequests\",\"message\":\"Too many requests for the user.\"}",
                  Map.of("retry-after", "1")));
    }
  }

  /**
   * The policy does not allow {@code call} ("METHOD /collection" or "METHOD /collection/{id}"): OCI
   * then answers 404 NotAuthorizedOrNotFound, not saying which of the two it is.
   */
  public void deny(String call) {
    denied.add(call);
  }

  public List<String> calls() {
    return List.copyOf(calls);
  }

  public List<String> retryTokens() {
    return List.copyOf(retryTokens);
  }

  private synchronized OciReply fault(String call) {
    Deque<OciReply> of = faultsOf.get(call);
    OciReply targeted = of == null ? null : of.poll();
    return targeted != null ? targeted : faults.poll();
  }

  @Override
  public void close() {
    server.stop();
  }

  private final class Routes implements ResponseDefinitionTransformerV2 {
    static final String NAME = "oci-model";

    @Override
    public String getName() {
      return NAME;
    }

    @Override
    public boolean applyGlobally() {
      return false;
    }

    @Override
    public ResponseDefinition transform(ServeEvent event) {
      Request req = event.getRequest();
      String[] url = req.getUrl().split("\\?", 2);
      String path = url[0].replaceFirst("^/20160918", "");
      String call = req.getMethod().getName() + " " + path;
      calls.add(call);
      if (call.equals("POST /instances")) {
        retryTokens.add(req.getHeader("opc-retry-token"));
      }
      String refused = signatures.refuse(req);
      OciReply reply;
      if (refused != null) {
        reply = OciReply.error(401, "NotAuthenticated", refused);
      } else {
        OciReply fault = fault(call);
        if (fault == null && denied.contains(shape(call))) {
          fault = OciReply.notFound();
        }
        reply =
            fault != null
                ? fault
                : routes.route(
                    req.getMethod().getName(),
                    path,
                    query(url.length > 1 ? url[1] : ""),
                    req.getHeader("opc-retry-token"),
                    req.getBodyAsString());
      }
      var b =
          aResponse()
              .withStatus(reply.status())
              .withHeader(
                  "opc-request-id", UUID.randomUUID().toString().replace("-", "").toUpperCase())
              .withHeader("Content-Type", "application/json");
      reply.headers().forEach(b::withHeader);
      if (!reply.body().isEmpty()) {
        b.withBody(reply.body());
      }
      return b.build();
    }

    /** "GET /subnets/ocid1..." as "GET /subnets/{id}". */
    private static String shape(String call) {
      String[] p = call.split("/");
      return p.length > 2 ? p[0] + "/" + p[1] + "/{id}" : call;
    }
  }

  static Map<String, String> query(String raw) {
    Map<String, String> q = new LinkedHashMap<>();
    for (String pair : raw.split("&")) {
      if (!pair.isEmpty()) {
        String[] kv = pair.split("=", 2);
        q.put(
            URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
            kv.length > 1 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "");
      }
    }
    return q;
  }
}
