package dev.stratus.provider.gcp;

import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.testkit.gcp.GceServer;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;

/** A model server and a provider on it, per test. */
abstract class GcpTestSupport {
  final GceServer server = new GceServer();
  GcpNodeProvider provider = GcpTestProviders.create(server, true);

  @AfterEach
  void stop() {
    provider.close();
    server.close();
  }

  Offering spot() {
    return provider.offerings().get(0);
  }

  Offering onDemand() {
    return provider.offerings().get(1);
  }

  static LaunchRequest request(Offering o, List<String> nodes, boolean allOrNothing) {
    String token = "st-" + UUID.randomUUID().toString().replace("-", "");
    return new LaunchRequest(
        "c1",
        "gpu",
        o,
        nodes,
        token,
        Map.of(Tags.CLUSTER, "c1", Tags.POOL, "gpu", Tags.TOKEN, token, Tags.JOB, "42"),
        allOrNothing);
  }
}
