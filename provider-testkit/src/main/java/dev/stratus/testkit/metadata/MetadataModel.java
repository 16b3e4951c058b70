package dev.stratus.testkit.metadata;

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
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A stateful model of one cloud's instance metadata service, served by WireMock on 127.0.0.1 (a
 * free port) from the moment it is constructed: every request goes through {@link #answer}, which
 * reads and changes the model's state, instead of replaying canned responses. The real link-local
 * address is never contacted; a client under test is pointed at {@link #base()}.
 */
public abstract sealed class MetadataModel implements AutoCloseable
    permits ImdsModel, GceMetadataModel, AzureMetadataModel {
  private final List<String> calls = Collections.synchronizedList(new ArrayList<>());
  private WireMockServer server;

  MetadataModel() {}

  /** The model's answer to one request. May block (GCE's {@code wait_for_change} does). */
  abstract ResponseDefinition answer(LoggedRequest request);

  /** Starts serving; each subclass calls it last in its constructor, once its state is set. */
  final void start() {
    server =
        new WireMockServer(
            options()
                .bindAddress("127.0.0.1")
                .dynamicPort()
                .containerThreads(20) // long polls hold threads
                .extensions(new Transformer()));
    server.start();
    server.stubFor(any(anyUrl()).willReturn(ok()));
  }

  /** Where the service listens, e.g. {@code http://127.0.0.1:41234} (no trailing slash). */
  public final URI base() {
    return URI.create("http://127.0.0.1:" + server.port());
  }

  /** Every request so far as {@code "METHOD /path"} (no query), in order of arrival. */
  public final List<String> calls() {
    synchronized (calls) {
      return List.copyOf(calls);
    }
  }

  /** Stops serving: later requests are refused, as when the service is down. */
  @Override
  public void close() {
    server.stop();
  }

  static ResponseDefinition reply(int status, String contentType, String body) {
    return ResponseDefinitionBuilder.responseDefinition()
        .withStatus(status)
        .withHeader("Content-Type", contentType)
        .withBody(body)
        .build();
  }

  /** The request's path without its query string. */
  static String path(LoggedRequest r) {
    String url = r.getUrl();
    int q = url.indexOf('?');
    return q < 0 ? url : url.substring(0, q);
  }

  /** The first value of a query parameter, or null. */
  static String query(LoggedRequest r, String name) {
    var p = r.queryParameter(name);
    return p.isPresent() ? p.firstValue() : null;
  }

  private final class Transformer implements ResponseDefinitionTransformerV2 {
    @Override
    public ResponseDefinition transform(ServeEvent event) {
      LoggedRequest r = event.getRequest();
      calls.add(r.getMethod().getName() + " " + path(r));
      return answer(r);
    }

    @Override
    public String getName() {
      return MetadataModel.this.getClass().getSimpleName();
    }
  }
}
