package dev.stratus.provider.gcp;

import com.google.cloud.compute.v1.AcceleratorConfig;
import com.google.cloud.compute.v1.AttachedDisk;
import com.google.cloud.compute.v1.AttachedDiskInitializeParams;
import com.google.cloud.compute.v1.Instance;
import com.google.cloud.compute.v1.InstanceProperties;
import com.google.cloud.compute.v1.Items;
import com.google.cloud.compute.v1.Metadata;
import com.google.cloud.compute.v1.NetworkInterface;
import com.google.cloud.compute.v1.ServiceAccount;
import java.util.Map;
import java.util.Optional;

/**
 * What an instance of an offering looks like: for {@code instances.insert} (an {@link Instance},
 * zonal URLs) and for {@code instances.bulkInsert} ({@link InstanceProperties}, bare names, as in
 * an instance template). Scheduling and reservation affinity follow the offering's capacity type
 * ({@link GcpProvisioning}).
 */
final class InstanceSpecs {
  private final GcpSettings settings;

  InstanceSpecs(GcpSettings settings) {
    this.settings = settings;
  }

  Instance instance(
      GcpOffering o,
      GcpProvisioning how,
      String name,
      Map<String, String> labels,
      Optional<String> policy) {
    String zone = "zones/" + o.zone();
    Instance.Builder b =
        Instance.newBuilder()
            .setName(name)
            .setMachineType(zone + "/machineTypes/" + o.machineType())
            .addDisks(bootDisk(zone + "/diskTypes/" + settings.bootDiskType()))
            .addNetworkInterfaces(network())
            .setScheduling(how.scheduling())
            .putAllLabels(labels)
            .setMetadata(metadata());
    how.affinity().ifPresent(b::setReservationAffinity);
    if (o.acceleratorCount() > 0) {
      b.addGuestAccelerators(accelerator(zone + "/acceleratorTypes/" + o.acceleratorType(), o));
    }
    settings.serviceAccount().ifPresent(sa -> b.addServiceAccounts(serviceAccount(sa)));
    policy.ifPresent(
        p -> b.addResourcePolicies("regions/" + settings.region() + "/resourcePolicies/" + p));
    return b.build();
  }

  InstanceProperties properties(
      GcpOffering o, GcpProvisioning how, Map<String, String> labels, Optional<String> policy) {
    InstanceProperties.Builder b =
        InstanceProperties.newBuilder()
            .setMachineType(o.machineType())
            .addDisks(bootDisk(settings.bootDiskType()))
            .addNetworkInterfaces(network())
            .setScheduling(how.scheduling())
            .putAllLabels(labels)
            .setMetadata(metadata());
    how.affinity().ifPresent(b::setReservationAffinity);
    if (o.acceleratorCount() > 0) {
      b.addGuestAccelerators(accelerator(o.acceleratorType(), o));
    }
    settings.serviceAccount().ifPresent(sa -> b.addServiceAccounts(serviceAccount(sa)));
    policy.ifPresent(b::addResourcePolicies);
    return b.build();
  }

  private AttachedDisk bootDisk(String diskType) {
    return AttachedDisk.newBuilder()
        .setBoot(true)
        .setAutoDelete(true)
        .setInitializeParams(
            AttachedDiskInitializeParams.newBuilder()
                .setSourceImage(settings.image())
                .setDiskSizeGb(settings.bootDiskGb())
                .setDiskType(diskType))
        .build();
  }

  private NetworkInterface network() {
    NetworkInterface.Builder n = NetworkInterface.newBuilder().setNetwork(settings.network());
    settings.subnetwork().ifPresent(n::setSubnetwork);
    return n.build();
  }

  private Metadata metadata() {
    Metadata.Builder m = Metadata.newBuilder();
    settings.metadata().forEach((k, v) -> m.addItems(Items.newBuilder().setKey(k).setValue(v)));
    return m.build();
  }

  private static AcceleratorConfig accelerator(String type, GcpOffering o) {
    return AcceleratorConfig.newBuilder()
        .setAcceleratorType(type)
        .setAcceleratorCount(o.acceleratorCount())
        .build();
  }

  private static ServiceAccount serviceAccount(String email) {
    return ServiceAccount.newBuilder()
        .setEmail(email)
        .addScopes("https://www.googleapis.com/auth/cloud-platform")
        .build();
  }
}
