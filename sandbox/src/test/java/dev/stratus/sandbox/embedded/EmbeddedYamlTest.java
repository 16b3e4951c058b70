package dev.stratus.sandbox.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.SlurmVersion;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.sandbox.slurm.SlurmInstall;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedYamlTest {
  static final NodeHardware HOST =
      NodeHardware.parse(
          "NodeName=vm CPUs=2 Boards=1 SocketsPerBoard=1 CoresPerSocket=2 ThreadsPerCore=1"
              + " RealMemory=24105\nUpTime=0-01:03:42\n");

  @TempDir Path root;

  @Test
  void thePoolDeclaresWhatTheNodesReallyHaveAsSlurmdMeasuresIt() throws Exception {
    EmbeddedSpec spec = EmbeddedSpec.random(root, "t1", 2, new Random(7), HOST);
    Path yaml = root.resolve("stratus.yaml");
    Files.writeString(yaml, EmbeddedYaml.render(spec));

    var pool = ConfigLoader.load(yaml).pools().get(0);

    assertThat(pool.cpus()).isEqualTo(2);
    assertThat(pool.memoryMiB()).isEqualTo(24105);
  }

  @Test
  void aClusterOnTheSlurm2411RootNamesItsWrappersAndRelease() throws Exception {
    EmbeddedSpec spec = EmbeddedSpec.random(root, "t1", 2, new Random(7), HOST);
    Path wrappers = root.resolve("slurm-root/bin");
    Path yaml = root.resolve("stratus.yaml");
    Files.writeString(
        yaml,
        EmbeddedYaml.render(
            spec, new SlurmInstall.SlurmDirs(wrappers, wrappers), new SlurmVersion(24, 11)));

    var slurm = ConfigLoader.load(yaml).slurm();

    assertThat(slurm.binDir()).isEqualTo(wrappers);
    assertThat(slurm.sbinDir()).isEqualTo(wrappers);
    assertThat(slurm.version()).hasToString("24.11");
  }

  @Test
  void thisMachinesSlurmdMeasuresItsOwnCpusAndMemory() {
    NodeHardware measured = NodeHardware.measure(Path.of("/usr/sbin"), root.resolve("log"));

    assertThat(measured.cpus()).isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(measured.memoryMiB()).isPositive();
  }

  @Test
  void theEmbeddedClusterListensForNoticesOnTheBridgeAndItsNodesReportThere() throws Exception {
    EmbeddedSpec spec = EmbeddedSpec.random(root, "t1", 4, new Random(7), HOST);
    Path yaml = root.resolve("stratus.yaml");
    Files.writeString(yaml, EmbeddedYaml.render(spec));

    StratusConfig config = ConfigLoader.load(yaml);

    assertThat(config.spot().listen()).isEqualTo(spec.bridgeAddress() + ":" + spec.noticePort());
    assertThat(config.spot().grace()).isEqualTo(Duration.ofSeconds(10));
    assertThat(config.providers().get("local"))
        .containsEntry(
            "noticeUrl",
            "http://" + spec.bridgeAddress() + ":" + spec.noticePort() + "/v1/notices");
    assertThat(spec.noticePort()).isNotEqualTo(spec.slurmctldPort());
  }

  @Test
  void spotIsTheCheapestOfferingAndOnDemandTheFallback() throws Exception {
    EmbeddedSpec spec = EmbeddedSpec.random(root, "t1", 2, new Random(7), HOST);
    Path yaml = root.resolve("stratus.yaml");
    Files.writeString(yaml, EmbeddedYaml.render(spec));

    var offerings = ConfigLoader.load(yaml).pools().get(0).offerings();

    assertThat(offerings)
        .extracting(Offering::capacityType)
        .containsExactly(CapacityType.SPOT, CapacityType.ON_DEMAND);
    assertThat(offerings.get(0).pricePerHour()).isLessThan(offerings.get(1).pricePerHour());
  }
}
