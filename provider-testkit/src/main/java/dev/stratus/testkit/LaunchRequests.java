package dev.stratus.testkit;

import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.NodeCredential;
import dev.stratus.testkit.contract.ContractHarness;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Launch requests of a harness's cluster and offering, for the wire tests of one provider. */
public final class LaunchRequests {
  private LaunchRequests() {}

  public static LaunchRequest of(ContractHarness h, List<String> nodes, boolean allOrNothing) {
    return of(h, UUID.randomUUID().toString(), nodes, allOrNothing, Map.of());
  }

  public static LaunchRequest of(
      ContractHarness h,
      String token,
      List<String> nodes,
      boolean allOrNothing,
      Map<String, NodeCredential> credentials) {
    return new LaunchRequest(
        h.cluster(),
        "gpu",
        h.offering(),
        nodes,
        token,
        Map.of(Tags.CLUSTER, h.cluster(), Tags.POOL, "gpu", Tags.TOKEN, token, Tags.JOB, "42"),
        allOrNothing,
        credentials);
  }

  /** One fresh credential per node, its token naming node and round. */
  public static Map<String, NodeCredential> credentials(List<String> nodes, String round) {
    Map<String, NodeCredential> m = new LinkedHashMap<>();
    for (String n : nodes) {
      m.put(n, new NodeCredential(n, "hvs.wrap-" + round + "-" + n, "acc-" + n, "sid-" + n));
    }
    return m;
  }
}
