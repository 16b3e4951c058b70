package dev.stratus.testkit.azure;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.management.exception.ManagementError;
import com.azure.resourcemanager.compute.fluent.models.VirtualMachineInner;
import com.azure.resourcemanager.compute.models.VirtualMachineListResult;
import org.junit.jupiter.api.Test;

/** The check itself, on hand-made answers: it must catch what a drifting model would say. */
class ArmShapeCheckTest {
  static String json(String s) {
    return s.replace('\'', '"');
  }

  static final String VM =
      "{'id':'/subscriptions/s/resourceGroups/g/providers/Microsoft.Compute/virtualMachines/n1',"
          + "'name':'n1','type':'Microsoft.Compute/virtualMachines','location':'eastus',"
          + "'tags':{'stratus:node':'n1'},'zones':['1'],"
          + "'properties':{'vmId':'7d0c','provisioningState':'Succeeded','platformFaultDomain':1,"
          + "'timeCreated':'2026-11-21T12:00:00Z','hardwareProfile':{'vmSize':'Standard_ND96isr_H100_v5'},"
          + "'priority':'Spot','billingProfile':{'maxPrice':-1}}}";

  @Test
  void aVmAsArmWritesItHasNoProblem() {
    assertThat(ArmShapeCheck.problems(VirtualMachineInner.class, json(VM))).isEmpty();
  }

  @Test
  void aMemberTheSdkTypeDoesNotHaveIsCaughtWithItsPath() {
    String vm = json(VM.replace("'vmId'", "'rack':{'row':3},'vmId'"));

    assertThat(ArmShapeCheck.problems(VirtualMachineInner.class, vm))
        .singleElement()
        .asString()
        .contains("VirtualMachineInner.properties.rack", "has no such member");
  }

  @Test
  void aValueOfAnotherJsonTypeIsCaught() {
    String vm = json(VM.replace("'platformFaultDomain':1", "'platformFaultDomain':'1'"));

    assertThat(ArmShapeCheck.problems(VirtualMachineInner.class, vm))
        .first()
        .asString()
        .contains("properties.platformFaultDomain", "reads an integer, not STRING");
  }

  @Test
  void aFractionWhereTheSdkReadsAnIntegerIsCaught() {
    String vm = json(VM.replace("'platformFaultDomain':1", "'platformFaultDomain':1.5"));

    assertThat(ArmShapeCheck.problems(VirtualMachineInner.class, vm))
        .anySatisfy(p -> assertThat(p).contains("reads an integer, not 1.5"));
  }

  @Test
  void aTimestampTheSdkCannotParseIsCaught() {
    String vm = json(VM.replace("2026-11-21T12:00:00Z", "yesterday"));

    assertThat(ArmShapeCheck.problems(VirtualMachineInner.class, vm))
        .singleElement()
        .asString()
        .contains("the SDK cannot read it");
  }

  @Test
  void membersOfListItemsAndErrorsAreCheckedToo() {
    assertThat(
            ArmShapeCheck.problems(
                VirtualMachineListResult.class,
                json("{'value':[" + VM.replace("'zones'", "'zone'") + "],'next':'x'}")))
        .hasSize(2)
        .anySatisfy(p -> assertThat(p).contains("value[0].zone"))
        .anySatisfy(p -> assertThat(p).contains("VirtualMachineListResult.next"));
    assertThat(
            ArmShapeCheck.problems(
                ManagementError.class, json("{'error':{'code':'NotFound','message':'m'}}")))
        .isEmpty();
  }
}
