package dev.stratus.provider.azure;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.resourcemanager.compute.models.DeleteOptions;
import com.azure.resourcemanager.compute.models.NetworkApiVersion;
import com.azure.resourcemanager.compute.models.VirtualMachineEvictionPolicyTypes;
import com.azure.resourcemanager.compute.models.VirtualMachinePriorityTypes;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.OfferingKey;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class VmSpecTest {
  final AzureSettings settings = AzureSettings.parse(AzureSettingsTest.valid());

  @Test
  void aSpotVmIsDeletedOnEvictionAndPaysUpToOnDemand() {
    var key =
        new OfferingKey("azure", "eastus", "1", "Standard_ND96isr_H100_v5", CapacityType.SPOT);

    var vm =
        VmSpec.build(
            settings, key, "h100-001", Map.of("k", "v"), Optional.empty(), Optional.empty());

    assertThat(vm.priority()).isEqualTo(VirtualMachinePriorityTypes.SPOT);
    assertThat(vm.evictionPolicy()).isEqualTo(VirtualMachineEvictionPolicyTypes.DELETE);
    assertThat(vm.billingProfile().maxPrice()).isEqualTo(-1.0);
    assertThat(vm.zones()).containsExactly("1");
  }

  @Test
  void anOnDemandVmIsRegularWithoutBillingProfile() {
    var key = new OfferingKey("azure", "eastus", "", "Standard_ND96asr_v4", CapacityType.ON_DEMAND);

    var vm = VmSpec.build(settings, key, "a100-001", Map.of(), Optional.empty(), Optional.empty());

    assertThat(vm.priority()).isEqualTo(VirtualMachinePriorityTypes.REGULAR);
    assertThat(vm.billingProfile()).isNull();
    assertThat(vm.zones()).isNull();
  }

  @Test
  void theNicIsDeclaredInlineOnTheConfiguredSubnetAndDeletedWithTheVm() {
    var key = new OfferingKey("azure", "eastus", "", "Standard_ND96asr_v4", CapacityType.ON_DEMAND);

    var vm =
        VmSpec.build(settings, key, "a100-001", Map.of(), Optional.of("/ppg/id"), Optional.empty());

    var net = vm.networkProfile();
    assertThat(net.networkApiVersion())
        .isEqualTo(NetworkApiVersion.TWO_ZERO_TWO_ZERO_ONE_ONE_ZERO_ONE);
    var nic = net.networkInterfaceConfigurations().get(0);
    assertThat(nic.deleteOption()).isEqualTo(DeleteOptions.DELETE);
    assertThat(nic.ipConfigurations().get(0).subnet().id()).isEqualTo(settings.subnetId());
    assertThat(vm.storageProfile().osDisk().deleteOption().toString()).isEqualTo("Delete");
    assertThat(vm.proximityPlacementGroup().id()).isEqualTo("/ppg/id");
    assertThat(vm.osProfile().computerName()).isEqualTo("a100-001");
    assertThat(vm.osProfile().linuxConfiguration().disablePasswordAuthentication()).isTrue();
  }

  @Test
  void theBodyPassesTheSdksOwnValidation() {
    var key = new OfferingKey("azure", "eastus", "3", "Standard_ND96asr_v4", CapacityType.SPOT);

    VmSpec.build(settings, key, "a100-001", Map.of(), Optional.empty(), Optional.empty())
        .validate();
  }
}
