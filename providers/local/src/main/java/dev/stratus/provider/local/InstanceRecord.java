package dev.stratus.provider.local;

import dev.stratus.core.model.Instance;
import dev.stratus.core.model.InstanceState;
import dev.stratus.core.model.OfferingKey;
import java.time.Instant;
import java.util.Map;

/**
 * The local "cloud's" record of one instance, one JSON file each. {@code state} is PENDING while
 * the node's agent runs and RUNNING once slurmd was started.
 */
record InstanceRecord(
    String id,
    String cluster,
    String nodeName,
    String address,
    String netns,
    String veth,
    InstanceState state,
    OfferingKey offering,
    Map<String, String> tags,
    String launchedAt,
    String clientToken) {
  InstanceRecord {
    tags = Map.copyOf(tags);
    if (!LocalNames.ours(netns)) {
      throw new IllegalArgumentException("netns " + netns + " is not one this provider makes");
    }
    Instant.parse(launchedAt);
  }

  InstanceRecord withState(InstanceState newState) {
    return new InstanceRecord(
        id,
        cluster,
        nodeName,
        address,
        netns,
        veth,
        newState,
        offering,
        tags,
        launchedAt,
        clientToken);
  }

  Instance toInstance() {
    return new Instance(id, offering, state, Instant.parse(launchedAt), address, tags);
  }
}
