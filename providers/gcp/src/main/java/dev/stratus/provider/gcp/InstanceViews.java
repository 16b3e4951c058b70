package dev.stratus.provider.gcp;

import com.google.cloud.compute.v1.Instance;
import dev.stratus.core.model.CapacityType;
import dev.stratus.core.model.InstanceState;
import dev.stratus.core.model.OfferingKey;
import dev.stratus.core.model.Tags;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Compute Engine instances as our {@link dev.stratus.core.model.Instance}s. */
final class InstanceViews {
  /** The statuses of an instance that runs or is about to: what list and get report. */
  static final Set<String> LIVE = Set.of("PROVISIONING", "STAGING", "RUNNING");

  private InstanceViews() {}

  static boolean live(Instance i) {
    return LIVE.contains(i.getStatus());
  }

  static dev.stratus.core.model.Instance toInstance(Instance i) {
    String zone = lastSegment(i.getZone());
    Map<String, String> tags = new java.util.HashMap<>(GcpLabels.toTags(i.getLabelsMap()));
    InstanceNames.nodeOf(i.getName()).ifPresent(node -> tags.putIfAbsent(Tags.NODE, node));
    String address =
        i.getNetworkInterfacesCount() > 0 ? i.getNetworkInterfaces(0).getNetworkIP() : "";
    return new dev.stratus.core.model.Instance(
        InstanceNames.id(zone, i.getName()),
        new OfferingKey(
            GcpOffering.PROVIDER,
            regionOf(zone),
            zone,
            lastSegment(i.getMachineType()),
            capacity(i)),
        state(i.getStatus()),
        created(i.getCreationTimestamp()),
        address,
        tags);
  }

  static InstanceState state(String status) {
    return switch (status) {
      case "PROVISIONING", "STAGING" -> InstanceState.PENDING;
      case "RUNNING" -> InstanceState.RUNNING;
      case "STOPPING", "SUSPENDING", "REPAIRING" -> InstanceState.STOPPED;
      default -> InstanceState.TERMINATED;
    };
  }

  private static CapacityType capacity(Instance i) {
    var s = i.getScheduling();
    return "SPOT".equals(s.getProvisioningModel()) || s.getPreemptible()
        ? CapacityType.SPOT
        : CapacityType.ON_DEMAND;
  }

  private static Instant created(String timestamp) {
    if (timestamp == null || timestamp.isEmpty()) {
      return Instant.EPOCH;
    }
    return OffsetDateTime.parse(timestamp).toInstant();
  }

  /** {@code /cluster/rack/host} → {@code [cluster, rack]}: the switches above the host. */
  static Optional<java.util.List<String>> placement(Instance i) {
    String host = i.getResourceStatus().getPhysicalHost();
    String[] parts = host.replaceFirst("^/", "").split("/");
    if (host.isEmpty() || parts.length < 3) {
      return Optional.empty();
    }
    return Optional.of(java.util.List.of(parts[0], parts[1]));
  }

  static String lastSegment(String url) {
    return url.substring(url.lastIndexOf('/') + 1);
  }

  static String regionOf(String zone) {
    return zone.substring(0, zone.lastIndexOf('-'));
  }
}
