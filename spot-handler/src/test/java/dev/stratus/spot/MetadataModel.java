package dev.stratus.spot;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.ok;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.net.URI;

/**
 * Base of the stateful metadata-service models: WireMock serves every request through {@link
 * #answer}, which reads and changes the model's state, instead of replaying canned responses in a
 * fixed order. Listens on 127.0.0.1 only, on a free port.
 */
abstract class MetadataModel implements ResponseDefinitionTransformerV2, AutoCloseable {
  private WireMockServer server;

  /** The model's answer to one request. May block (GCP's wait_for_change does). */
  abstract ResponseDefinition answer(LoggedRequest request);

  final MetadataModel serve() {
    server =
        new WireMockServer(
            options().bindAddress("127.0.0.1").dynamicPort().containerThreads(20).extensions(this));
    server.start();
    server.stubFor(any(anyUrl()).willReturn(ok()));
    return this;
  }

  final URI base() {
    return URI.create("http://127.0.0.1:" + server.port());
  }

  final WireMockServer server() {
    return server;
  }

  @Override
  public final ResponseDefinition transform(ServeEvent serveEvent) {
    return answer(serveEvent.getRequest());
  }

  @Override
  public final String getName() {
    return getClass().getSimpleName();
  }

  @Override
  public void close() {
    server.stop();
  }

  static ResponseDefinition status(int status, String body) {
    return ResponseDefinitionBuilder.responseDefinition().withStatus(status).withBody(body).build();
  }

  /** The path without its query string. */
  static String path(LoggedRequest r) {
    String url = r.getUrl();
    int q = url.indexOf('?');
    return q < 0 ? url : url.substring(0, q);
  }
}
