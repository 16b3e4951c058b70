package dev.stratus.testkit.aws;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import dev.stratus.testkit.CloudChaos;
import dev.stratus.testkit.aws.Ec2Xml.Reply;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * {@link Ec2Model} served by WireMock on 127.0.0.1 (a free port). Besides the model's own behaviour
 * it can be told to throttle the next calls (503 {@code RequestLimitExceeded}), to fail the next
 * call with a given code and status, and to answer every call after a delay.
 */
public final class Ec2ModelServer implements AutoCloseable {
  private final Ec2Model model;
  private final WireMockServer server;
  private final Deque<Reply> faults = new ArrayDeque<>();
  private final CloudChaos chaos;
  private volatile int latencyMillis;

  public Ec2ModelServer() {
    this.model = new Ec2Model(Clock.systemUTC());
    this.chaos = new CloudChaos(new Ec2Chaos(model));
    this.server =
        new WireMockServer(
            options()
                .bindAddress("127.0.0.1")
                .dynamicPort()
                .extensions(chaos.around(new Transformer())));
    server.start();
    server.stubFor(any(anyUrl()).willReturn(aResponse().withTransformers(Transformer.NAME)));
  }

  public Ec2Model model() {
    return model;
  }

  /** Faults injected into a share of the requests (none until told). */
  public CloudChaos chaos() {
    return chaos;
  }

  public URI endpoint() {
    return URI.create("http://127.0.0.1:" + server.port());
  }

  /** The next {@code calls} requests get 503 RequestLimitExceeded and change nothing. */
  public synchronized void throttleNextCalls(int calls) {
    for (int i = 0; i < calls; i++) {
      faults.add(Ec2Xml.error(503, "RequestLimitExceeded", "Request limit exceeded."));
    }
  }

  /** The next request fails with this EC2 error and changes nothing. */
  public synchronized void failNextCall(int status, String code, String message) {
    faults.add(Ec2Xml.error(status, code, message));
  }

  /** While set, every request of this action (e.g. CreateTags) gets 503 Unavailable. */
  private volatile String unavailableAction = "";

  public void unavailable(String action) {
    this.unavailableAction = action == null ? "" : action;
  }

  public void latency(int millis) {
    this.latencyMillis = millis;
  }

  private synchronized Reply fault() {
    return faults.poll();
  }

  @Override
  public void close() {
    server.stop();
  }

  private final class Transformer implements ResponseDefinitionTransformerV2 {
    static final String NAME = "ec2-model";

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
      Reply fault = fault();
      if (fault == null
          && !unavailableAction.isEmpty()
          && unavailableAction.equals(
              QueryParams.parse(event.getRequest().getBodyAsString()).action())) {
        fault = Ec2Xml.error(503, "Unavailable", "The server is overloaded.");
      }
      Reply reply;
      if (fault != null) {
        model.record(QueryParams.parse(event.getRequest().getBodyAsString()));
        reply = fault;
      } else {
        reply = model.handle(QueryParams.parse(event.getRequest().getBodyAsString()));
      }
      var builder =
          aResponse()
              .withStatus(reply.status())
              .withHeader("Content-Type", "text/xml;charset=UTF-8")
              .withBody(reply.body());
      if (latencyMillis > 0) {
        builder.withFixedDelay(latencyMillis);
      }
      return builder.build();
    }
  }
}
