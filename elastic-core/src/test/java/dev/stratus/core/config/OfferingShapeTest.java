package dev.stratus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.Offering;
import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every offering must hold at least its pool's CPUs and memory, checked at config load. */
class OfferingShapeTest {
  @TempDir Path dir;

  Offering load(int cpus, long memoryMiB, String offering) throws IOException {
    Path file = dir.resolve("stratus.yaml");
    Files.writeString(
        file,
        """
        cluster: demo
        pools:
          - name: gpu
            gpu: {model: h100, count: 8}
            cpus: %d
            memoryMiB: %d
            maxNodes: 2
            offerings:
              - %s
        providers:
          aws: {}
          azure: {}
          local: {}
        """
            .formatted(cpus, memoryMiB, offering));
    return ConfigLoader.load(file, DeclaredKeysProviders.ALL).pools().get(0).offerings().get(0);
  }

  static final String ND96 =
      "{provider: azure, region: eastus, zone: \"1\", instanceType: Standard_ND96isr_H100_v5";

  @Test
  void aPoolDeclaringTheNominalMemoryOfAnAzureSizeIsRefusedSayingWhatTheGuestSees() {
    assertThatThrownBy(() -> load(96, 1945600, ND96 + "}"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(
            "pools[0].offerings[0].instanceType: Standard_ND96isr_H100_v5 has 1900")
        .hasMessageContaining("GiB nominal, of which a guest sees about 1848320 MiB (95%")
        .hasMessageContaining("less than the pool's memoryMiB 1945600")
        .hasMessageContaining("Slurm would set the node INVAL")
        .hasMessageContaining("`slurmd -C`");
  }

  @Test
  void aCatalogTypeGetsItsVcpusAndTheMemoryAGuestSees() throws IOException {
    Offering o = load(96, 1840000, ND96 + "}");

    assertThat(o.cpus()).isEqualTo(96);
    assertThat(o.memoryMiB()).isEqualTo(1848320);
  }

  @Test
  void aMeasuredMemoryDeclaredOnTheOfferingIsTakenAsItIs() throws IOException {
    Offering o = load(96, 1900000, ND96 + ", memoryMiB: 1905000}");

    assertThat(o.memoryMiB()).isEqualTo(1905000);
  }

  @Test
  void aTypeWithFewerVcpusThanThePoolIsRefused() {
    assertThatThrownBy(
            () ->
                load(
                    256,
                    100000,
                    "{provider: aws, region: us-east-1, instanceType: p5.48xlarge, pricePerHour: 1}"))
        .hasMessageContaining(
            "pools[0].offerings[0].instanceType: p5.48xlarge has 192 vCPUs (bundled catalog),"
                + " fewer than the pool's cpus 256");
  }

  @Test
  void declaredCpusOrMemoryBelowThePoolsAreRefusedWhereTheyAreWritten() {
    String local = "{provider: local, region: local, instanceType: t, pricePerHour: 1";

    assertThatThrownBy(() -> load(8, 64000, local + ", cpus: 4}"))
        .hasMessageContaining("pools[0].offerings[0].cpus: must be >= the pool's cpus 8, got 4");
    assertThatThrownBy(() -> load(8, 64000, local + ", memoryMiB: 32000}"))
        .hasMessageContaining(
            "pools[0].offerings[0].memoryMiB: must be >= the pool's memoryMiB 64000, got 32000");
  }

  @Test
  void aTypeTheCatalogDoesNotKnowTakesThePoolsShapeForTheCheckAtRegistration() throws IOException {
    Offering o =
        load(8, 64000, "{provider: local, region: local, instanceType: t, pricePerHour: 1}");

    assertThat(o.cpus()).isEqualTo(8);
    assertThat(o.memoryMiB()).isEqualTo(64000);
  }
}
