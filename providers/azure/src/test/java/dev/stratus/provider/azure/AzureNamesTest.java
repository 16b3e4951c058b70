package dev.stratus.provider.azure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AzureNamesTest {
  @Test
  void theSameLaunchAndNodeAlwaysNameTheSameVm() {
    assertThat(AzureNames.vmName("prod", "h100-001", "tok-1"))
        .isEqualTo(AzureNames.vmName("prod", "h100-001", "tok-1"))
        .startsWith("st-h100-001-");
  }

  @Test
  void anotherTokenOrClusterNamesAnotherVm() {
    String vm = AzureNames.vmName("prod", "h100-001", "tok-1");

    assertThat(AzureNames.vmName("prod", "h100-001", "tok-2")).isNotEqualTo(vm);
    assertThat(AzureNames.vmName("dev", "h100-001", "tok-1")).isNotEqualTo(vm);
  }

  @Test
  void vmNamesAreLegalAndShortEnoughForLongNodeNames() {
    String vm = AzureNames.vmName("c", "a".repeat(40) + "_node-999", "t".repeat(64));

    assertThat(vm).hasSizeLessThanOrEqualTo(AzureNames.MAX_VM_NAME);
    assertThat(AzureNames.isVmName(vm)).isTrue();
  }

  @Test
  void hostNamesCarryNoUnderscore() {
    assertThat(AzureNames.computerName("gpu_pool-001")).isEqualTo("gpu-pool-001");
  }

  @Test
  void idsThatNoVmCouldHaveAreRecognised() {
    assertThat(AzureNames.isVmName("i-0abc")).isTrue();
    assertThat(AzureNames.isVmName("../x")).isFalse();
    assertThat(AzureNames.isVmName("")).isFalse();
  }
}
