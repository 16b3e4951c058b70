package dev.stratus.tests.vault;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import java.net.URI;

/** A stateful model (a WireMock transformer that answers every request) on 127.0.0.1. */
final class ModelServer implements AutoCloseable {
  private final WireMockServer server;

  ModelServer(ResponseDefinitionTransformerV2 model) {
    server = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort().extensions(model));
    server.start();
    server.stubFor(any(anyUrl()).willReturn(aResponse()));
  }

  URI url() {
    return URI.create("http://127.0.0.1:" + server.port());
  }

  @Override
  public void close() {
    server.stop();
  }

  static ResponseDefinition reply(int status, String contentType, String body) {
    return new ResponseDefinitionBuilder()
        .withStatus(status)
        .withHeader("Content-Type", contentType)
        .withBody(body)
        .build();
  }
}
