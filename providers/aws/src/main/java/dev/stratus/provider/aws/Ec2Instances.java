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
    String reservation = reservationOf(i);
    CapacityType capacity =
        !reservation.isEmpty()
            ? CapacityType.RESERVED
            : i.instanceLifecycle() == InstanceLifecycleType.SPOT
                ? CapacityType.SPOT
                : CapacityType.ON_DEMAND;
    Map<String, String> tags = new LinkedHashMap<>();
    for (Tag t : i.tags()) {
      tags.put(t.key(), t.value() == null ? "" : t.value());
    }
    return new Instance(
        i.instanceId(),
        new OfferingKey(
            AwsSettings.PROVIDER, region, zone, i.instanceTypeAsString(), capacity, reservation),
        state(i.state() == null ? null : i.state().name()),
        i.launchTime() == null ? Instant.EPOCH : i.launchTime(),
        i.privateIpAddress(),
        tags);
  }

  /**
   * The reservation the instance was launched into and still runs in, else "". EC2 reports {@code
   * capacityReservationId} while it runs in one; it counts as launched into it when it is a
   * Capacity Block's ({@code instanceLifecycle=capacity-block}) or its launch targeted that
   * reservation. An on-demand instance EC2 matched to an {@code open} reservation on its own stays
   * on-demand, as it was launched; one whose ODCR expired no longer reports it and is on-demand
   * again.
   */
  static String reservationOf(software.amazon.awssdk.services.ec2.model.Instance i) {
    String id = i.capacityReservationId();
    if (id == null || id.isBlank()) {
      return "";
    }
    if (i.instanceLifecycle() == InstanceLifecycleType.CAPACITY_BLOCK) {
      return id;
    }
    var spec = i.capacityReservationSpecification();
    var target = spec == null ? null : spec.capacityReservationTarget();
    return target != null && id.equals(target.capacityReservationId()) ? id : "";
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
