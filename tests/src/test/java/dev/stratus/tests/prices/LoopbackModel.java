package dev.stratus.tests.prices;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.util.function.Function;

/** WireMock on 127.0.0.1 (a free port) that hands every request to a price API model. */
final class LoopbackModel implements AutoCloseable {
  private final WireMockServer server;

  LoopbackModel(String name, Function<Request, ResponseDefinition> answer) {
    server =
        new WireMockServer(
            options()
                .bindAddress("127.0.0.1")
                .dynamicPort()
                .extensions(new Transformer(name, answer)));
    server.start();
    server.stubFor(any(anyUrl()).willReturn(aResponse().withTransformers(name)));
  }

  int port() {
    return server.port();
  }

  @Override
  public void close() {
    server.stop();
  }

  private record Transformer(String name, Function<Request, ResponseDefinition> answer)
      implements ResponseDefinitionTransformerV2 {
    @Override
    public String getName() {
      return name;
    }

    @Override
    public boolean applyGlobally() {
      return false;
    }

    @Override
    public ResponseDefinition transform(ServeEvent event) {
      return answer.apply(event.getRequest());
    }
  }
}
