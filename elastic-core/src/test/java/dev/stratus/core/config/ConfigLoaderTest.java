package dev.stratus.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {
  static final Path EXAMPLE = Path.of("../config-templates/examples/stratus-local.yaml");

  @TempDir Path dir;

  static final String FULL =
      """
      cluster: demo
      slurm:
        binDir: /opt/slurm/bin
        sbinDir: /opt/slurm/sbin
        slurmConf: ./etc/slurm.conf
        mungeSocket: ./munge/munge.socket
        topology: tree
      powerSave:
        suspendTime: 10s
        suspendTimeout: 5s
        resumeTimeout: 1m
        resumeRate: 3
        suspendRate: 4
        treeWidth: 16
        hookDir: ./bin
        slurmctldParameters: [idle_on_node_suspend, power_save_interval=1]
      timeouts: {reconcileInterval: 5s, powerUp: 90s, orphanGrace: 30s, downHold: 500ms}
      spoolDir: ./spool
      stateDir: /var/tmp/stratus-state
      mungeKeyFile: ./keys/munge.key
      pools:
        - name: gpu
          partition: batch
          gpu: {model: h100, count: 8}
          cpus: 8
          memoryMiB: 64000
          maxNodes: 4
          gres: {autodetect: nvml}
          offerings:
            - {provider: local, region: local, zone: rack-a, instanceType: local-h100x8, capacity: on-demand, pricePerHour: 98.32}
            - provider: aws
              region: us-east-1
              instanceType: p5.48xlarge
              capacity: spot
              pricePerHour: 40
              cpus: 192
              memoryMiB: 2048000
      providers:
        local: {bridge: stratus0, subnet: 10.77.0.0/24, racks: {rack-a: 2, rack-b: 2}, deviceDir: ./dev}
        aws:
      """;

  private Path write(String yaml) throws IOException {
    Path file = dir.resolve("stratus.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  @Test
  void loadsEveryFieldOfAFullFile() throws IOException {
    LoadedConfig loaded = ConfigLoader.loadAll(write(FULL), DeclaredKeysProviders.ALL);
    StratusConfig c = loaded.config();

    assertThat(c.cluster()).isEqualTo("demo");
    assertThat(c.slurm())
        .isEqualTo(
            new SlurmSettings(
                Path.of("/opt/slurm/bin"),
                Path.of("/opt/slurm/sbin"),
                dir.resolve("etc/slurm.conf"),
                dir.resolve("munge/munge.socket"),
                SlurmSettings.Topology.TREE));
    assertThat(c.powerSave())
        .isEqualTo(
            new PowerSave(
                Duration.ofSeconds(10),
                Duration.ofSeconds(5),
                Duration.ofMinutes(1),
                3,
                4,
                16,
                dir.resolve("bin"),
                List.of("idle_on_node_suspend", "power_save_interval=1"),
                true));
    assertThat(c.timeouts())
        .isEqualTo(
            new Timeouts(
                Duration.ofSeconds(5),
                Duration.ofSeconds(90),
                Duration.ofSeconds(30),
                Duration.ofMillis(500),
                Duration.ofMinutes(3)));
    assertThat(c.spoolDir()).isEqualTo(dir.resolve("spool"));
    assertThat(c.stateDir()).isEqualTo(Path.of("/var/tmp/stratus-state"));
    assertThat(c.mungeKeyFile()).isEqualTo(dir.resolve("keys/munge.key"));
    assertThat(c.pools())
        .containsExactly(
            new Pool(
                "gpu",
                "batch",
                "h100",
                8,
                8,
                64000,
                4,
                List.of(
                    new Offering(
                        new OfferingKey(
                            "local", "local", "rack-a", "local-h100x8", CapacityType.ON_DEMAND),
                        "h100",
                        8,
                        8,
                        64000,
                        new BigDecimal("98.32")),
                    new Offering(
                        new OfferingKey("aws", "us-east-1", "", "p5.48xlarge", CapacityType.SPOT),
                        "h100",
                        8,
                        192,
                        2048000,
                        new BigDecimal("40")))));
    assertThat(c.providers().get("local"))
        .containsEntry("bridge", "stratus0")
        .containsEntry("subnet", "10.77.0.0/24")
        .containsEntry("racks", Map.of("rack-a", 2, "rack-b", 2))
        .containsEntry("deviceDir", dir.resolve("dev").toString());
    assertThat(c.providers().get("aws")).isEmpty();
    assertThat(loaded.gresAutodetect()).isEqualTo(Map.of("gpu", "nvml"));
  }

  @Test
  void fillsDefaultsForEverythingLeftOut() throws IOException {
    StratusConfig c =
        ConfigLoader.load(
            write(
                """
                cluster: mini
                pools:
                  - name: gpu
                    gpu: {model: h100, count: 8}
                    cpus: 8
                    memoryMiB: 64000
                    maxNodes: 2
                    offerings:
                      - {provider: local, region: local, instanceType: t, pricePerHour: 1}
                providers: {local: }
                """),
            DeclaredKeysProviders.ALL);

    assertThat(c.slurm())
        .isEqualTo(
            new SlurmSettings(
                Path.of("/usr/bin"),
                Path.of("/usr/sbin"),
                Path.of("/etc/slurm/slurm.conf"),
                Path.of("/run/munge/munge.socket.2")));
    assertThat(c.timeouts()).isEqualTo(Timeouts.DEFAULTS);
    assertThat(c.stateDir()).isEqualTo(Path.of("/var/lib/stratus"));
    assertThat(c.spoolDir()).isEqualTo(Path.of("/var/lib/stratus/spool"));
    assertThat(c.mungeKeyFile()).isEqualTo(Path.of("/etc/munge/munge.key"));
    assertThat(c.powerSave())
        .isEqualTo(
            new PowerSave(
                Duration.ofMinutes(5),
                Duration.ofSeconds(30),
                Duration.ofMinutes(10),
                0,
                0,
                65533,
                Path.of("/var/lib/stratus/bin"),
                List.of("idle_on_node_suspend", "cloud_reg_addrs"),
                true));
    Pool pool = c.pools().get(0);
    assertThat(pool.partition()).isEqualTo("gpu");
    Offering offering = pool.offerings().get(0);
    assertThat(offering.key().zone()).isEmpty();
    assertThat(offering.capacityType()).isEqualTo(CapacityType.ON_DEMAND);
    assertThat(List.of(offering.gpuModel(), offering.gpusPerNode(), offering.cpus()))
        .containsExactly("h100", 8, 8);
    assertThat(offering.memoryMiB()).isEqualTo(64000);
  }

  @Test
  void partialTimeoutsKeepTheOtherDefaults() throws IOException {
    String yaml = FULL.replace("timeouts: {", "timeouts: {powerUp: 1h}\n#");
    Timeouts t = ConfigLoader.load(write(yaml), DeclaredKeysProviders.ALL).timeouts();

    assertThat(t.powerUp()).isEqualTo(Duration.ofHours(1));
    assertThat(t.reconcileInterval()).isEqualTo(Timeouts.DEFAULTS.reconcileInterval());
    assertThat(t.downHold()).isEqualTo(Timeouts.DEFAULTS.downHold());
  }

  @Test
  void theShippedLocalExampleLoads() {
    StratusConfig c = ConfigLoader.load(EXAMPLE, DeclaredKeysProviders.ALL);

    Path base = EXAMPLE.toAbsolutePath().getParent().normalize();
    assertThat(c.cluster()).isEqualTo("demo");
    assertThat(c.pools()).extracting(Pool::name).containsExactly("gpu", "a100");
    assertThat(c.slurm().slurmConf()).isEqualTo(base.resolve("etc/slurm.conf"));
    assertThat(c.powerSave().hookDir()).isEqualTo(base.resolve("bin"));
    assertThat(c.providers()).containsOnlyKeys("local");
  }
}
