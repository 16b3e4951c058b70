package dev.stratus.provider.aws;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.ec2.model.InstanceLifecycleType;
import software.amazon.awssdk.services.ec2.model.InstanceStateName;
import software.amazon.awssdk.services.ec2.model.Tag;

/** EC2's view of an instance to ours: pure mapping. */
final class Ec2Instances {
  private Ec2Instances() {}

  static Instance toInstance(String region, software.amazon.awssdk.services.ec2.model.Instance i) {
    String zone = i.placement() == null ? "" : i.placement().availabilityZone();
    CapacityType capacity =
        i.instanceLifecycle() == InstanceLifecycleType.SPOT
            ? CapacityType.SPOT
            : CapacityType.ON_DEMAND;
    Map<String, String> tags = new LinkedHashMap<>();
    for (Tag t : i.tags()) {
      tags.put(t.key(), t.value() == null ? "" : t.value());
    }
    return new Instance(
        i.instanceId(),
        new OfferingKey(AwsSettings.PROVIDER, region, zone, i.instanceTypeAsString(), capacity),
        state(i.state() == null ? null : i.state().name()),
        i.launchTime() == null ? Instant.EPOCH : i.launchTime(),
        i.privateIpAddress(),
        tags);
  }

  /**
   * shutting-down is as good as gone for the controller: it costs nothing more. A stopping or
   * stopped instance still bills its volumes and runs nothing: STOPPED, for the garbage collector.
   */
  static InstanceState state(InstanceStateName name) {
    if (name == null) {
      return InstanceState.PENDING;
    }
    return switch (name) {
      case PENDING -> InstanceState.PENDING;
      case RUNNING -> InstanceState.RUNNING;
      case STOPPING, STOPPED -> InstanceState.STOPPED;
      case SHUTTING_DOWN, TERMINATED -> InstanceState.TERMINATED;
      default -> InstanceState.PENDING;
    };
  }
}
