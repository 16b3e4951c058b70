package dev.stratus.provider.oci;

import com.oracle.bmc.core.model.CreateVnicDetails;
import com.oracle.bmc.core.model.InstanceSourceViaImageDetails;
import com.oracle.bmc.core.model.LaunchInstanceDetails;
import com.oracle.bmc.core.model.PreemptibleInstanceConfigDetails;
import com.oracle.bmc.core.model.TerminatePreemptionAction;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.NodeUserData;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One node's LaunchInstanceDetails (pure): the offering's shape and availability domain, the
 * settings' image, subnet (no public IP) and boot volume, the node's tags as freeform tags, its
 * name as display name, its user-data (with its own wrapping token, if the user-data has the slot)
 * base64 in {@code metadata.user_data}, the offering's capacity reservation (a reserved offering's
 * own, or the one configured for it), the launch's compute cluster, and for spot a preemptible
 * config that terminates the instance with its boot volume.
 */
final class OciLaunchDetails {
  private OciLaunchDetails() {}

  static LaunchInstanceDetails build(
      OciSettings s, LaunchRequest req, String node, Optional<String> computeClusterId) {
    OfferingKey key = req.offering().key();
    Map<String, String> metadata = new LinkedHashMap<>();
    s.userData()
        .map(u -> NodeUserData.fill(u, node, req.credential(node)))
        .map(u -> Base64.getEncoder().encodeToString(u.getBytes(StandardCharsets.UTF_8)))
        .ifPresent(u -> metadata.put("user_data", u));
    s.sshAuthorizedKeys().ifPresent(k -> metadata.put("ssh_authorized_keys", k));
    var source = InstanceSourceViaImageDetails.builder().imageId(s.imageId());
    s.bootVolumeSizeGb().ifPresent(source::bootVolumeSizeInGBs);
    var details =
        LaunchInstanceDetails.builder()
            .availabilityDomain(key.zone())
            .compartmentId(s.compartmentId())
            .shape(key.instanceType())
            .displayName(node)
            .freeformTags(req.tagsFor(node))
            .metadata(metadata)
            .sourceDetails(source.build())
            .createVnicDetails(
                CreateVnicDetails.builder().subnetId(s.subnetId()).assignPublicIp(false).build());
    if (key.capacityType() == CapacityType.RESERVED) {
      details.capacityReservationId(key.reservation());
    } else {
      s.extra(req.offering()).capacityReservationId().ifPresent(details::capacityReservationId);
    }
    computeClusterId.ifPresent(details::computeClusterId);
    if (key.capacityType() == CapacityType.SPOT) {
      details.preemptibleInstanceConfig(
          PreemptibleInstanceConfigDetails.builder()
              .preemptionAction(
                  TerminatePreemptionAction.builder().preserveBootVolume(false).build())
              .build());
    }
    return details.build();
  }
}
