package dev.stratus.testkit.azure;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.management.SubResource;
import com.azure.core.management.exception.ManagementError;
import com.azure.json.JsonProviders;
import com.azure.json.JsonWriter;
import com.azure.resourcemanager.compute.fluent.models.ProximityPlacementGroupInner;
import com.azure.resourcemanager.compute.fluent.models.VirtualMachineInner;
import com.azure.resourcemanager.compute.fluent.models.VirtualMachineInstanceViewInner;
import com.azure.resourcemanager.compute.models.BillingProfile;
import com.azure.resourcemanager.compute.models.HardwareProfile;
import com.azure.resourcemanager.compute.models.ImageReference;
import com.azure.resourcemanager.compute.models.NetworkApiVersion;
import com.azure.resourcemanager.compute.models.NetworkProfile;
import com.azure.resourcemanager.compute.models.OSProfile;
import com.azure.resourcemanager.compute.models.ProximityPlacementGroupListResult;
import com.azure.resourcemanager.compute.models.StorageProfile;
import com.azure.resourcemanager.compute.models.VirtualMachineEvictionPolicyTypes;
import com.azure.resourcemanager.compute.models.VirtualMachineListResult;
import com.azure.resourcemanager.compute.models.VirtualMachineNetworkInterfaceConfiguration;
import com.azure.resourcemanager.compute.models.VirtualMachineNetworkInterfaceIpConfiguration;
import com.azure.resourcemanager.compute.models.VirtualMachinePriorityTypes;
import com.azure.resourcemanager.compute.models.VirtualMachineSizeListResult;
import com.azure.resourcemanager.compute.models.VirtualMachineSizeTypes;
import com.azure.resourcemanager.network.fluent.models.SubnetInner;
import com.azure.resourcemanager.resources.fluent.models.ResourceGroupInner;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The ARM model cannot drift kinder than Azure Resource Manager: each answer to the calls the Azure
 * provider makes (VM PUT, GET with and without the instance view, the instance view, the paged
 * list, proximity placement groups, VM sizes, the subnet, the resource group) and its error bodies,
 * in the states the model reaches, fits the type the Azure SDK reads it into ({@link
 * ArmShapeCheck}). The VM PUT bodies are the SDK's own, so what is checked is what the model adds.
 * Operation-status bodies are left out: no SDK type describes them whole (azure-core reads only
 * {@code status} and {@code error} of them).
 */
class ArmAnswersFitTheSdkTest {
  static final String SUB = "0b1f6471-1bf0-4dda-aec3-111122223333";
  static final String GROUP = "stratus-rg";
  static final String RG = "/subscriptions/" + SUB + "/resourceGroups/" + GROUP;
  static final String SUBNET =
      RG + "/providers/Microsoft.Network/virtualNetworks/vnet/subnets/nodes";
  static final String SIZE = "Standard_ND96isr_H100_v5";
  static final String VMS = RG + "/providers/Microsoft.Compute/virtualMachines";
  static final String PPGS = RG + "/providers/Microsoft.Compute/proximityPlacementGroups";
  final ArmModel arm =
      new ArmModel(
          SUB,
          GROUP,
          "eastus",
          SUBNET,
          Set.of(SIZE, "Standard_NC24ads_A100_v4"),
          Clock.fixed(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC));

  /** The model's answer, its body checked against {@code type} (errors against ManagementError). */
  ArmReply call(String method, String path, Map<String, String> query, String body, Class<?> type) {
    ArmReply reply = arm.handle(method, path, query, "Bearer t", body, "https://127.0.0.1:1");
    if (reply.body() != null) { // 202 and 204 carry none
      Class<?> expected = reply.status() >= 400 ? ManagementError.class : type;
      assertThat(ArmShapeCheck.problems(expected, reply.body().toString()))
          .as(reply.body().toString())
          .isEmpty();
    }
    return reply;
  }

  ArmReply get(String path, Class<?> type) {
    return call("GET", path, Map.of("api-version", ArmModel.COMPUTE_API), null, type);
  }

  static String vmBody(String node, String zone, boolean spot, String ppg) throws Exception {
    VirtualMachineInner vm =
        new VirtualMachineInner()
            .withLocation("eastus")
            .withTags(Map.of("stratus:node", node, "stratus:cluster", "c1"))
            .withZones(List.of(zone))
            .withHardwareProfile(
                new HardwareProfile().withVmSize(VirtualMachineSizeTypes.fromString(SIZE)))
            .withStorageProfile(
                new StorageProfile()
                    .withImageReference(
                        new ImageReference()
                            .withPublisher("Canonical")
                            .withOffer("ubuntu-24_04-lts")
                            .withSku("server")
                            .withVersion("latest")))
            .withOsProfile(
                new OSProfile()
                    .withComputerName(node)
                    .withAdminUsername("stratus")
                    .withCustomData("I2Nsb3VkLWNvbmZpZw=="))
            .withNetworkProfile(
                new NetworkProfile()
                    .withNetworkApiVersion(NetworkApiVersion.fromString("2020-11-01"))
                    .withNetworkInterfaceConfigurations(
                        List.of(
                            new VirtualMachineNetworkInterfaceConfiguration()
                                .withName(node + "-nic")
                                .withPrimary(true)
                                .withIpConfigurations(
                                    List.of(
                                        new VirtualMachineNetworkInterfaceIpConfiguration()
                                            .withName("ip")
                                            .withSubnet(new SubResource().withId(SUBNET)))))));
    if (spot) {
      vm.withPriority(VirtualMachinePriorityTypes.SPOT)
          .withEvictionPolicy(VirtualMachineEvictionPolicyTypes.DELETE)
          .withBillingProfile(new BillingProfile().withMaxPrice(-1.0));
    }
    if (ppg != null) {
      vm.withProximityPlacementGroup(new SubResource().withId(PPGS + "/" + ppg));
    }
    StringWriter out = new StringWriter();
    try (JsonWriter w = JsonProviders.createWriter(out)) {
      vm.toJson(w);
    }
    return out.toString();
  }

  ArmReply putVm(String node, String zone, boolean spot, String ppg) throws Exception {
    return call(
        "PUT",
        VMS + "/" + node,
        Map.of("api-version", ArmModel.COMPUTE_API),
        vmBody(node, zone, spot, ppg),
        VirtualMachineInner.class);
  }

  @Test
  void aVmFromItsPutThroughEveryStateFitsVirtualMachine() throws Exception {
    assertThat(putVm("n1", "1", true, null).status()).isEqualTo(201);
    assertThat(putVm("n1", "1", true, null).status()).isEqualTo(200);
    get(VMS + "/n1", VirtualMachineInner.class);
    call(
        "GET",
        VMS + "/n1",
        Map.of("api-version", ArmModel.COMPUTE_API, "$expand", "instanceView"),
        null,
        VirtualMachineInner.class);
    get(VMS + "/n1/instanceView", VirtualMachineInstanceViewInner.class);
    arm.power("n1", "deallocated");
    arm.joinScaleSet("n1", "flex-1");
    get(VMS + "/n1/instanceView", VirtualMachineInstanceViewInner.class);
    get(VMS + "/n1", VirtualMachineInner.class);
  }

  @Test
  void aVmWhoseAllocationFailedFitsVirtualMachineAndItsInstanceView() throws Exception {
    arm.faults().exhaust(SIZE, "2", false);
    putVm("n2", "2", false, null);
    get(VMS + "/n2", VirtualMachineInner.class); // a tick: the operation ends Failed

    get(VMS + "/n2", VirtualMachineInner.class);
    get(VMS + "/n2/instanceView", VirtualMachineInstanceViewInner.class);
  }

  @Test
  void pagedListsFitTheirListResults() throws Exception {
    putVm("n3", "1", false, null);
    putVm("n4", "1", false, null);
    putVm("n5", "1", false, null);
    arm.pageSize(2);

    ArmReply page = get(VMS, VirtualMachineListResult.class);
    assertThat(page.body().path("nextLink").isTextual()).isTrue();
    get(
        "/subscriptions/" + SUB + "/providers/Microsoft.Compute/locations/eastus/vmSizes",
        VirtualMachineSizeListResult.class);
  }

  @Test
  void placementGroupsAndTheirMembersFitProximityPlacementGroup() throws Exception {
    String body = "{\"location\":\"eastus\",\"tags\":{\"stratus:cluster\":\"c1\"}}";
    call(
        "PUT",
        PPGS + "/pg1",
        Map.of("api-version", ArmModel.COMPUTE_API),
        body,
        ProximityPlacementGroupInner.class);
    putVm("n6", "1", false, "pg1");

    get(PPGS + "/pg1", ProximityPlacementGroupInner.class);
    get(PPGS, ProximityPlacementGroupListResult.class);
    call("DELETE", PPGS + "/pg1", Map.of("api-version", ArmModel.COMPUTE_API), null, Object.class);
  }

  @Test
  void theSubnetAndTheResourceGroupFitTheirTypes() {
    call("GET", SUBNET, Map.of("api-version", "2024-05-01"), null, SubnetInner.class);
    call("GET", RG, Map.of("api-version", "2021-04-01"), null, ResourceGroupInner.class);
  }

  @Test
  void errorBodiesFitManagementError() throws Exception {
    get(VMS + "/missing", Object.class);
    arm.faults().restrict(SIZE, "3");
    putVm("n7", "3", false, null);
    call("GET", VMS, Map.of(), null, Object.class);
    arm.faults().throttleNextCalls(1);
    get(VMS, Object.class);
    assertThat(arm.handle("GET", VMS, Map.of(), null, null, "https://h").status()).isEqualTo(401);
    assertThat(
            ArmShapeCheck.problems(
                ManagementError.class,
                arm.handle("GET", VMS, Map.of(), null, null, "https://h").body().toString()))
        .isEmpty();
  }
}
