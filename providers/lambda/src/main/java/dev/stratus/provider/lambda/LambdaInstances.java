package dev.stratus.provider.lambda;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Lambda's view of an instance to ours (pure). Stratus's tags travel as Lambda tags with keys
 * {@code stratus-cluster}, {@code stratus-pool}, ... (Lambda's key rules are not published, so only
 * lower-case letters, digits and '-' are used); the instance name alone still says the node and the
 * cluster, so an instance whose tags did not come back keeps those two.
 */
final class LambdaInstances {
  /** The instance's Lambda name, among its tags (as EC2 shows its Name tag). */
  static final String NAME_TAG = "Name";

  private LambdaInstances() {}

  /**
   * The Lambda tag key of one of Stratus's tag keys: {@code stratus:pool} → {@code stratus-pool}.
   */
  static String tagKey(String key) {
    return key.replace(':', '-');
  }

  /**
   * {@code cluster}: the cluster the name says (known to the caller), or null to keep the tag's.
   */
  static Optional<Instance> toInstance(LambdaJson.Instance i, String cluster, Instant seen) {
    Optional<LambdaNames.Parsed> name = LambdaNames.parse(i.name());
    if (name.isEmpty() || i.region() == null || i.instanceType() == null) {
      return Optional.empty();
    }
    Map<String, String> tags = new LinkedHashMap<>();
    if (i.tags() != null) {
      for (LambdaJson.Tag t : i.tags()) {
        for (String k : new String[] {Tags.CLUSTER, Tags.POOL, Tags.NODE, Tags.JOB, Tags.TOKEN}) {
          if (tagKey(k).equals(t.key())) {
            tags.put(k, t.value());
          }
        }
      }
    }
    if (cluster != null) {
      tags.put(Tags.CLUSTER, cluster);
    }
    tags.put(Tags.NODE, name.get().node());
    tags.put(NAME_TAG, i.name());
    return Optional.of(
        new Instance(
            i.id(),
            new OfferingKey(
                LambdaSettings.PROVIDER,
                i.region().name(),
                "",
                i.instanceType().name(),
                CapacityType.ON_DEMAND),
            state(i.status()),
            seen,
            i.privateIp() != null ? i.privateIp() : "",
            tags));
  }

  static InstanceState state(String status) {
    if (status == null) {
      return InstanceState.PENDING;
    }
    return switch (status) {
      case "active", "unhealthy" -> InstanceState.RUNNING;
      case "terminating", "terminated" -> InstanceState.TERMINATED;
      default -> InstanceState.PENDING;
    };
  }
}
