package dev.stratus.testkit.gcp;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.ok;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.stratus.testkit.CloudChaos;
import java.time.Clock;
import java.util.Map;
import java.util.Set;

/** WireMock on 127.0.0.1 (a free port) answering every request from one {@link GceModel}. */
public final class GceServer implements AutoCloseable {
  public static final String PROJECT = "stratus-test";
  public static final String REGION = "us-central1";
  public static final String ZONE = "us-central1-a";
  public static final String OTHER_ZONE = "us-central1-b";

  private final WireMockServer server;
  public final GceModel model;
  private final CloudChaos chaos;

  public GceServer() {
    this(Clock.systemUTC());
  }

  /** With the model's clock: a {@code MutableClock} lets a test outlive a {@code requestId}. */
  public GceServer(Clock clock) {
    model =
        new GceModel(
            PROJECT,
            Set.of(ZONE, OTHER_ZONE),
            Map.of(
                "a3-highgpu-8g", new int[] {208, 1_916_928},
                "a2-highgpu-8g", new int[] {96, 696_320},
                "a2-ultragpu-8g", new int[] {96, 1_392_640},
                "n1-standard-8", new int[] {8, 30_720}),
            clock);
    chaos = new CloudChaos(new GceChaos(model));
    server =
        new WireMockServer(
            WireMockConfiguration.options()
                .bindAddress("127.0.0.1")
                .dynamicPort()
                .extensions(chaos.around(model)));
    server.start();
    server.stubFor(any(anyUrl()).willReturn(ok()));
  }

  /** Faults injected into a share of the requests (none until told). */
  public CloudChaos chaos() {
    return chaos;
  }

  public String endpoint() {
    return "http://127.0.0.1:" + server.port();
  }

  @Override
  public void close() {
    server.stop();
  }
}
