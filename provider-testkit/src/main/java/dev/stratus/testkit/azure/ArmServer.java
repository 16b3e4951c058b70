package dev.stratus.testkit.azure;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import dev.stratus.testkit.CloudChaos;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * WireMock on 127.0.0.1 over https (a bearer token is only ever sent over https), answering every
 * ARM path from one {@link ArmModel}. {@link #connection()} gives the provider a fake token and a
 * JDK HTTP client that trusts WireMock's self-signed certificate — for tests only.
 */
public final class ArmServer implements AutoCloseable {
  private final ArmModel model;
  private final WireMockServer server;
  private final CloudChaos chaos;

  public ArmServer(ArmModel model) {
    this.model = model;
    this.chaos = new CloudChaos(new ArmChaos(model));
    this.server =
        new WireMockServer(
            options()
                .bindAddress("127.0.0.1")
                .httpDisabled(true)
                .dynamicHttpsPort()
                .extensions(chaos.around(new Transformer(model))));
    server.start();
    server.stubFor(
        any(urlPathMatching("/subscriptions/.*")).willReturn(aResponse().withTransformers("arm")));
  }

  public String baseUrl() {
    return "https://127.0.0.1:" + server.httpsPort();
  }

  /** Faults injected into a share of the requests (none until told). */
  public CloudChaos chaos() {
    return chaos;
  }

  public ArmModel model() {
    return model;
  }

  public WireMockServer wiremock() {
    return server;
  }

  @Override
  public void close() {
    server.stop();
  }

  private static final class Transformer implements ResponseDefinitionTransformerV2 {
    private final ArmModel model;

    Transformer(ArmModel model) {
      this.model = model;
    }

    @Override
    public String getName() {
      return "arm";
    }

    @Override
    public boolean applyGlobally() {
      return false;
    }

    @Override
    public ResponseDefinition transform(ServeEvent event) {
      Request r = event.getRequest();
      URI uri = URI.create(r.getAbsoluteUrl());
      String base = uri.getScheme() + "://" + uri.getAuthority();
      ArmReply reply =
          model.handle(
              r.getMethod().getName(),
              uri.getRawPath(),
              query(uri.getRawQuery()),
              r.getHeader("Authorization"),
              r.getBodyAsString(),
              base);
      ResponseDefinitionBuilder b = aResponse().withStatus(reply.status());
      reply.headers().forEach(b::withHeader);
      if (reply.body() != null) {
        b.withHeader("Content-Type", "application/json; charset=utf-8")
            .withBody(reply.body().toString());
      }
      int latency = model.faults().latencyMillis();
      if (latency > 0) {
        b.withFixedDelay(latency);
      }
      return b.build();
    }

    private static Map<String, String> query(String raw) {
      Map<String, String> q = new LinkedHashMap<>();
      if (raw == null) {
        return q;
      }
      for (String kv : raw.split("&")) {
        int eq = kv.indexOf('=');
        String k = URLDecoder.decode(eq < 0 ? kv : kv.substring(0, eq), StandardCharsets.UTF_8);
        String v = eq < 0 ? "" : URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8);
        q.put(k, v);
      }
      return q;
    }
  }
}
