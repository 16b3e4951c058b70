package dev.stratus.testkit.lambda;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * {@link LambdaModel} behind WireMock on 127.0.0.1 at {@code /api/v1/...}. Every request must carry
 * the account's API key as {@code Authorization: Bearer <key>} or Basic {@code <key>:} (else 401
 * {@code global/invalid-api-key}). It can throttle the next calls (429 with {@code Retry-After}) or
 * fail the next call with a given error; neither changes state. Each call is recorded as "METHOD
 * path", each launch body as sent.
 */
public final class LambdaModelServer implements AutoCloseable {
  public static final String API_KEY = "secret_stratus-test_5f1c0ffee5e5b1a9b0a8e7d6c5b4a392";
  private final LambdaModel model;
  private final WireMockServer server;
  private final Deque<LambdaReply> faults = new ArrayDeque<>();
  private final Deque<LambdaReply> afterLaunch = new ArrayDeque<>();
  private final List<String> calls = Collections.synchronizedList(new ArrayList<>());
  private final List<String> launchBodies = Collections.synchronizedList(new ArrayList<>());

  public LambdaModelServer(Clock clock) {
    model = new LambdaModel(clock);
    server =
        new WireMockServer(
            options().bindAddress("127.0.0.1").dynamicPort().extensions(new Routes()));
    server.start();
    server.stubFor(any(anyUrl()).willReturn(aResponse().withTransformers(Routes.NAME)));
  }

  public LambdaModel model() {
    return model;
  }

  public URI endpoint() {
    return URI.create("http://127.0.0.1:" + server.port() + "/api/v1/");
  }

  public synchronized void throttleNextCalls(int n) {
    for (int i = 0; i < n; i++) {
      faults.add(
          new LambdaReply(
              429,
              "{\"error\":{\"code\":\"global/unknown\",\"message\":\"Too many requests\"}}",
              Map.of("Retry-After", "1")));
    }
  }

  public synchronized void failNextCall(int status, String code, String message) {
    faults.add(LambdaReply.error(status, code, message, null));
  }

  /**
   * The next launch lands, but its answer is lost: the caller gets this error instead (a timeout at
   * a proxy, say), as if it had not launched.
   */
  public synchronized void loseNextLaunchAnswer(int status, String code, String message) {
    afterLaunch.add(LambdaReply.error(status, code, message, null));
  }

  private synchronized LambdaReply lostAnswer() {
    return afterLaunch.poll();
  }

  public List<String> calls() {
    return List.copyOf(calls);
  }

  public List<String> launchBodies() {
    return List.copyOf(launchBodies);
  }

  private synchronized LambdaReply fault() {
    return faults.poll();
  }

  @Override
  public void close() {
    server.stop();
  }

  private static boolean authorized(Request req) {
    String auth = req.getHeader("Authorization");
    if (auth == null) {
      return false;
    }
    if (auth.equals("Bearer " + API_KEY)) {
      return true;
    }
    String basic =
        Base64.getEncoder().encodeToString((API_KEY + ":").getBytes(StandardCharsets.UTF_8));
    return auth.equals("Basic " + basic) || auth.equals("Basic " + API_KEY);
  }

  private final class Routes implements ResponseDefinitionTransformerV2 {
    static final String NAME = "lambda-model";

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
      String path = req.getUrl().split("\\?")[0].replaceFirst("^/api/v1", "");
      String method = req.getMethod().getName();
      calls.add(method + " " + path);
      LambdaReply reply;
      if (!authorized(req)) {
        reply =
            LambdaReply.error(
                401,
                "global/invalid-api-key",
                "API key was invalid, expired, or deleted.",
                "Check your API key or create a new one, then try again.");
      } else {
        LambdaReply fault = fault();
        reply = fault != null ? fault : route(method, path, req);
      }
      var b =
          aResponse()
              .withStatus(reply.status())
              .withHeader("Content-Type", "application/json")
              .withBody(reply.body());
      reply.headers().forEach(b::withHeader);
      return b.build();
    }

    private LambdaReply route(String method, String path, Request req) {
      try {
        if (method.equals("GET") && path.equals("/instance-types")) {
          return model.instanceTypes();
        }
        if (method.equals("GET") && path.equals("/instances")) {
          return model.instances();
        }
        if (method.equals("GET") && path.startsWith("/instances/")) {
          return model.instance(path.substring("/instances/".length()));
        }
        if (method.equals("GET") && path.equals("/ssh-keys")) {
          return model.sshKeys();
        }
        if (method.equals("POST") && path.equals("/instance-operations/launch")) {
          launchBodies.add(req.getBodyAsString());
          LambdaReply reply = model.launch(LambdaReply.JSON.readTree(req.getBodyAsString()));
          LambdaReply lost = reply.status() == 200 ? lostAnswer() : null;
          return lost != null ? lost : reply;
        }
        if (method.equals("POST") && path.equals("/instance-operations/terminate")) {
          return model.terminate(LambdaReply.JSON.readTree(req.getBodyAsString()));
        }
        return LambdaReply.notFound("No such endpoint: " + method + " " + path);
      } catch (IOException e) {
        return LambdaReply.invalid("The request body is not valid JSON");
      }
    }
  }
}
