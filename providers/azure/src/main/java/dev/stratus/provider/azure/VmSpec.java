package dev.stratus.provider.azure;

import com.azure.core.management.SubResource;
import com.azure.resourcemanager.compute.fluent.models.VirtualMachineInner;
import com.azure.resourcemanager.compute.models.BillingProfile;
import com.azure.resourcemanager.compute.models.CachingTypes;
import com.azure.resourcemanager.compute.models.CapacityReservationProfile;
import com.azure.resourcemanager.compute.models.DeleteOptions;
import com.azure.resourcemanager.compute.models.DiskCreateOptionTypes;
import com.azure.resourcemanager.compute.models.DiskDeleteOptionTypes;
import com.azure.resourcemanager.compute.models.HardwareProfile;
import com.azure.resourcemanager.compute.models.ImageReference;
import com.azure.resourcemanager.compute.models.LinuxConfiguration;
import com.azure.resourcemanager.compute.models.ManagedDiskParameters;
import com.azure.resourcemanager.compute.models.NetworkApiVersion;
import com.azure.resourcemanager.compute.models.NetworkProfile;
import com.azure.resourcemanager.compute.models.OSDisk;
import com.azure.resourcemanager.compute.models.OSProfile;
import com.azure.resourcemanager.compute.models.SshConfiguration;
import com.azure.resourcemanager.compute.models.SshPublicKey;
import com.azure.resourcemanager.compute.models.StorageAccountTypes;
import com.azure.resourcemanager.compute.models.StorageProfile;
import com.azure.resourcemanager.compute.models.VirtualMachineEvictionPolicyTypes;
import com.azure.resourcemanager.compute.models.VirtualMachineNetworkInterfaceConfiguration;
import com.azure.resourcemanager.compute.models.VirtualMachineNetworkInterfaceIpConfiguration;
import com.azure.resourcemanager.compute.models.VirtualMachinePriorityTypes;
import com.azure.resourcemanager.compute.models.VirtualMachineSizeTypes;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.NodeCredential;
import dev.stratus.api.spi.NodeUserData;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The body of one VM PUT: everything the VM needs in one request. The NIC is declared inline
 * ({@code networkApiVersion 2020-11-01}), and NIC and OS disk are deleted with the VM, so a
 * terminated node leaves nothing behind that costs money. Spot VMs are deleted on eviction (never
 * deallocated: a deallocated VM keeps its disk and its node slot would look taken). A reserved VM
 * is a Regular one naming its reservation's capacity reservation group.
 */
final class VmSpec {
  private VmSpec() {}

  static VirtualMachineInner build(
      AzureSettings s,
      OfferingKey offering,
      String nodeName,
      Map<String, String> tags,
      Optional<String> placementGroupId,
      Optional<NodeCredential> credential) {
    var vm =
        new VirtualMachineInner()
            .withLocation(s.location())
            .withTags(tags)
            .withHardwareProfile(
                new HardwareProfile()
                    .withVmSize(VirtualMachineSizeTypes.fromString(offering.instanceType())))
            .withStorageProfile(storage(s))
            .withOsProfile(os(s, nodeName, credential))
            .withNetworkProfile(network(s));
    if (!offering.zone().isEmpty()) {
      vm.withZones(List.of(offering.zone()));
    }
    if (offering.capacityType() == CapacityType.RESERVED) {
      // Capacity reservations take Regular VMs only; the VM names the reservation's group, and
      // ARM allocates it from the group's reservation of its size (and zone).
      String group =
          ArmReservationMapping.groupArmId(offering.reservation())
              .orElseThrow(() -> notAReservation(offering.reservation()));
      vm.withCapacityReservation(
          new CapacityReservationProfile()
              .withCapacityReservationGroup(new SubResource().withId(group)));
    }
    if (offering.capacityType() == CapacityType.SPOT) {
      vm.withPriority(VirtualMachinePriorityTypes.SPOT)
          .withEvictionPolicy(VirtualMachineEvictionPolicyTypes.DELETE)
          .withBillingProfile(new BillingProfile().withMaxPrice(s.spotMaxPrice()));
    } else {
      vm.withPriority(VirtualMachinePriorityTypes.REGULAR);
    }
    placementGroupId.ifPresent(id -> vm.withProximityPlacementGroup(new SubResource().withId(id)));
    s.userDataBase64().map(d -> forNode(d, nodeName, credential)).ifPresent(vm::withUserData);
    return vm;
  }

  static IllegalArgumentException notAReservation(String id) {
    return new IllegalArgumentException(
        "reservation '"
            + id
            + "' is no ARM capacity reservation id"
            + " (subscriptions/../capacityReservationGroups/G/capacityReservations/R)");
  }

  private static StorageProfile storage(AzureSettings s) {
    var disk =
        new OSDisk()
            .withCreateOption(DiskCreateOptionTypes.FROM_IMAGE)
            .withCaching(CachingTypes.READ_WRITE)
            .withDeleteOption(DiskDeleteOptionTypes.DELETE)
            .withManagedDisk(
                new ManagedDiskParameters()
                    .withStorageAccountType(StorageAccountTypes.PREMIUM_LRS));
    s.osDiskSizeGb().ifPresent(disk::withDiskSizeGB);
    return new StorageProfile().withImageReference(image(s.image())).withOsDisk(disk);
  }

  static ImageReference image(String image) {
    if (image.startsWith("/")) {
      return new ImageReference().withId(image);
    }
    String[] urn = image.split(":");
    return new ImageReference()
        .withPublisher(urn[0])
        .withOffer(urn[1])
        .withSku(urn[2])
        .withVersion(urn[3]);
  }

  /** A node whose user-data wants a wrapping token that the launch does not carry. */
  static Optional<String> nodeWithoutCredential(boolean wantsCredential, LaunchRequest req) {
    return wantsCredential
        ? req.nodeNames().stream().filter(n -> req.credential(n).isEmpty()).findFirst()
        : Optional.empty();
  }

  /** Whether the user-data or custom data has the per-node wrapping-token slot. */
  static boolean wantsCredential(AzureSettings s) {
    return Stream.of(s.userDataBase64(), s.customDataBase64())
        .flatMap(Optional::stream)
        .anyMatch(
            d ->
                NodeUserData.wantsCredential(
                    new String(Base64.getDecoder().decode(d), StandardCharsets.UTF_8)));
  }

  /**
   * VMs are created one by one, so each gets its own user-data: the wrapping-token slot, if the
   * rendered cloud-init has one, holds this node's token and no other's.
   */
  static String forNode(String base64, String nodeName, Optional<NodeCredential> credential) {
    String text = new String(Base64.getDecoder().decode(base64), StandardCharsets.UTF_8);
    if (!NodeUserData.wantsCredential(text)) {
      return base64;
    }
    return Base64.getEncoder()
        .encodeToString(
            NodeUserData.fill(text, nodeName, credential).getBytes(StandardCharsets.UTF_8));
  }

  private static OSProfile os(
      AzureSettings s, String nodeName, Optional<NodeCredential> credential) {
    var key =
        new SshPublicKey()
            .withPath("/home/" + s.adminUsername() + "/.ssh/authorized_keys")
            .withKeyData(s.sshPublicKey());
    var os =
        new OSProfile()
            .withComputerName(AzureNames.computerName(nodeName))
            .withAdminUsername(s.adminUsername())
            .withLinuxConfiguration(
                new LinuxConfiguration()
                    .withDisablePasswordAuthentication(true)
                    .withSsh(new SshConfiguration().withPublicKeys(List.of(key))));
    s.customDataBase64().map(d -> forNode(d, nodeName, credential)).ifPresent(os::withCustomData);
    return os;
  }

  private static NetworkProfile network(AzureSettings s) {
    var ip =
        new VirtualMachineNetworkInterfaceIpConfiguration()
            .withName("ipconfig1")
            .withPrimary(true)
            .withSubnet(new SubResource().withId(s.subnetId()));
    var nic =
        new VirtualMachineNetworkInterfaceConfiguration()
            .withName("nic0")
            .withPrimary(true)
            .withDeleteOption(DeleteOptions.DELETE)
            .withEnableAcceleratedNetworking(s.acceleratedNetworking())
            .withIpConfigurations(List.of(ip));
    return new NetworkProfile()
        .withNetworkApiVersion(NetworkApiVersion.TWO_ZERO_TWO_ZERO_ONE_ONE_ZERO_ONE)
        .withNetworkInterfaceConfigurations(List.of(nic));
  }
}
