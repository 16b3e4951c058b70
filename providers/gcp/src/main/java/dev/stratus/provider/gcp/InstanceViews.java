package dev.stratus.provider.gcp;

import com.google.cloud.compute.v1.Instance;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Compute Engine instances as our {@link dev.stratus.api.model.Instance}s. */
final class InstanceViews {
  /** The statuses of an instance that runs or is about to. */
  static final Set<String> LIVE = Set.of("PENDING", "PROVISIONING", "STAGING", "RUNNING");

  /**
   * Statuses of an instance that runs nothing and stays until deleted, still billing its disks (and
   * a suspended one its memory): stopped ({@code TERMINATED}), suspended, under repair.
   */
  static final Set<String> STOPPED =
      Set.of("PENDING_STOP", "STOPPED", "TERMINATED", "SUSPENDING", "SUSPENDED", "REPAIRING");

  /**
   * Statuses of an instance on its way out: {@code STOPPING} is also how a deletion shows ("being
   * deleted or killed"), and a stop ends in {@code TERMINATED}, which is listed.
   */
  static final Set<String> GOING = Set.of("STOPPING", "DEPROVISIONING");

  private InstanceViews() {}

  /** Runs or is about to: what a launch counts as its own instance. */
  static boolean live(Instance i) {
    return LIVE.contains(i.getStatus());
  }

  /** Still costs money: what list and get report. */
  static boolean listed(Instance i) {
    return state(i.getStatus()) != InstanceState.TERMINATED;
  }

  static dev.stratus.api.model.Instance toInstance(Instance i) {
    String zone = lastSegment(i.getZone());
    Map<String, String> tags = new HashMap<>(GcpLabels.toTags(i.getLabelsMap()));
    InstanceNames.nodeOf(i.getName()).ifPresent(node -> tags.putIfAbsent(Tags.NODE, node));
    String address =
        i.getNetworkInterfacesCount() > 0 ? i.getNetworkInterfaces(0).getNetworkIP() : "";
    return new dev.stratus.api.model.Instance(
        InstanceNames.id(zone, i.getName()),
        new OfferingKey(
            GcpOffering.PROVIDER,
            regionOf(zone),
            zone,
            lastSegment(i.getMachineType()),
            capacity(i),
            reservation(i)),
        state(i.getStatus()),
        created(i.getCreationTimestamp()),
        address,
        tags);
  }

  /** An unknown status counts as pending: never terminated for a status we cannot read. */
  static InstanceState state(String status) {
    if (status.equals("RUNNING")) {
      return InstanceState.RUNNING;
    }
    if (STOPPED.contains(status)) {
      return InstanceState.STOPPED;
    }
    return GOING.contains(status) ? InstanceState.TERMINATED : InstanceState.PENDING;
  }

  /**
   * {@code FLEX_START}: flex; {@code SPOT} (or the older preemptible): spot; a VM that names its
   * reservation ({@code SPECIFIC_RESERVATION}): reserved; else on-demand (a VM that happened to
   * consume a matching reservation of {@code ANY_RESERVATION} was not launched into it).
   */
  static CapacityType capacity(Instance i) {
    var s = i.getScheduling();
    if ("FLEX_START".equals(s.getProvisioningModel())) {
      return CapacityType.FLEX;
    }
    if ("SPOT".equals(s.getProvisioningModel()) || s.getPreemptible()) {
      return CapacityType.SPOT;
    }
    return reservation(i).isEmpty() ? CapacityType.ON_DEMAND : CapacityType.RESERVED;
  }

  /**
   * The reservation a VM was launched into: the one it consumes ({@code
   * resourceStatus.reservationConsumptionInfo.consumedReservation}), else the one it names; empty
   * unless it names one.
   */
  static String reservation(Instance i) {
    var affinity = i.getReservationAffinity();
    if (!"SPECIFIC_RESERVATION".equals(affinity.getConsumeReservationType())
        || affinity.getValuesCount() == 0
        || "SPOT".equals(i.getScheduling().getProvisioningModel())
        || "FLEX_START".equals(i.getScheduling().getProvisioningModel())) {
      return "";
    }
    String consumed =
        i.getResourceStatus().getReservationConsumptionInfo().getConsumedReservation();
    return lastSegment(consumed.isEmpty() ? affinity.getValues(0) : consumed);
  }

  private static Instant created(String timestamp) {
    if (timestamp == null || timestamp.isEmpty()) {
      return Instant.EPOCH;
    }
    return OffsetDateTime.parse(timestamp).toInstant();
  }

  /** {@code /cluster/rack/host} → {@code [cluster, rack]}: the switches above the host. */
  static Optional<List<String>> placement(Instance i) {
    String host = i.getResourceStatus().getPhysicalHost();
    String[] parts = host.replaceFirst("^/", "").split("/");
    if (host.isEmpty() || parts.length < 3) {
      return Optional.empty();
    }
    return Optional.of(List.of(parts[0], parts[1]));
  }

  static String lastSegment(String url) {
    return url.substring(url.lastIndexOf('/') + 1);
  }

  static String regionOf(String zone) {
    return zone.substring(0, zone.lastIndexOf('-'));
  }
}
