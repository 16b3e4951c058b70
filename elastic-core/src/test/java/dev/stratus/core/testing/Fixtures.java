package dev.stratus.core.testing;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.core.config.PowerSave;
import dev.stratus.core.config.SlurmSettings;
import dev.stratus.core.config.SlurmVersion;
import dev.stratus.core.config.SpotSettings;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.config.Timeouts;
import dev.stratus.core.slurm.SlurmJob;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Small, valid model objects for tests. */
public final class Fixtures {
  public static final Timeouts TIMEOUTS =
      new Timeouts(
          Duration.ofSeconds(5),
          Duration.ofSeconds(90),
          Duration.ofSeconds(30),
          Duration.ofSeconds(20),
          Duration.ofMinutes(3));

  private Fixtures() {}

  public static Offering offering(String provider, String zone, CapacityType type, String price) {
    return new Offering(
        new OfferingKey(provider, "region-1", zone, "p5.48xlarge", type),
        "h100",
        8,
        192,
        2_048_000,
        new BigDecimal(price));
  }

  public static Pool pool(String name, int maxNodes, Offering... offerings) {
    return new Pool(name, name, "h100", 8, 192, 2_048_000, maxNodes, List.of(offerings));
  }

  /** The same pool in another partition. */
  public static Pool inPartition(Pool p, String partition) {
    return new Pool(
        p.name(),
        partition,
        p.gpuModel(),
        p.gpusPerNode(),
        p.cpus(),
        p.memoryMiB(),
        p.maxNodes(),
        p.offerings(),
        p.gpuOptions(),
        p.spotPolicy());
  }

  public static StratusConfig config(List<Pool> pools, String... providers) {
    Map<String, Map<String, Object>> blocks = new HashMap<>();
    for (String p : providers) {
      blocks.put(p, Map.of());
    }
    Path root = Path.of("/tmp/stratus-test");
    return new StratusConfig(
        "test",
        new SlurmSettings(
            Path.of("/usr/bin"),
            Path.of("/usr/sbin"),
            root.resolve("etc/slurm.conf"),
            root.resolve("munge/munge.socket")),
        new PowerSave(
            Duration.ofSeconds(10),
            Duration.ofSeconds(5),
            Duration.ofSeconds(60),
            0,
            0,
            16,
            root.resolve("bin"),
            List.of("idle_on_node_suspend", "cloud_reg_addrs"),
            true),
        TIMEOUTS,
        root.resolve("spool"),
        root.resolve("state"),
        root.resolve("keys/munge.key"),
        pools,
        blocks,
        SpotSettings.DEFAULTS,
        Optional.empty());
  }

  /**
   * The same config with slurm.conf at {@code slurmConf} and the controller owning topology.conf.
   */
  public static StratusConfig withTopologyTree(StratusConfig c, Path slurmConf) {
    return withTopologyTree(c, slurmConf, SlurmVersion.DEFAULT);
  }

  /** As {@link #withTopologyTree(StratusConfig, Path)}, for a cluster running {@code version}. */
  public static StratusConfig withTopologyTree(
      StratusConfig c, Path slurmConf, SlurmVersion version) {
    SlurmSettings s = c.slurm();
    return copy(
        c,
        new SlurmSettings(
            s.binDir(),
            s.sbinDir(),
            slurmConf,
            s.mungeSocket(),
            SlurmSettings.Topology.TREE,
            version),
        c.providers(),
        c.spot());
  }

  /** The same config with other provider blocks. */
  public static StratusConfig withProviders(
      StratusConfig c, Map<String, Map<String, Object>> providers) {
    return copy(c, c.slurm(), providers, c.spot());
  }

  /** The same config with other spot settings. */
  public static StratusConfig withSpot(StratusConfig c, SpotSettings spot) {
    return copy(c, c.slurm(), c.providers(), spot);
  }

  /** The same config with other pools, everything else kept. */
  public static StratusConfig withPools(StratusConfig c, List<Pool> pools) {
    return new StratusConfig(
        c.cluster(),
        c.slurm(),
        c.powerSave(),
        c.timeouts(),
        c.spoolDir(),
        c.stateDir(),
        c.mungeKeyFile(),
        pools,
        c.providers(),
        c.spot(),
        c.vault(),
        c.money(),
        c.controller(),
        c.deadlines(),
        c.gpuHealth(),
        c.windows());
  }

  /** The same config with other timeouts (e.g. short cloud call limits). */
  public static StratusConfig withTimeouts(StratusConfig c, Timeouts timeouts) {
    return new StratusConfig(
        c.cluster(),
        c.slurm(),
        c.powerSave(),
        timeouts,
        c.spoolDir(),
        c.stateDir(),
        c.mungeKeyFile(),
        c.pools(),
        c.providers(),
        c.spot(),
        c.vault());
  }

  private static StratusConfig copy(
      StratusConfig c,
      SlurmSettings slurm,
      Map<String, Map<String, Object>> providers,
      SpotSettings spot) {
    return new StratusConfig(
        c.cluster(),
        slurm,
        c.powerSave(),
        c.timeouts(),
        c.spoolDir(),
        c.stateDir(),
        c.mungeKeyFile(),
        c.pools(),
        providers,
        spot,
        c.vault());
  }

  /**
   * A requeue-able batch job "train" running on {@code nodes} (a hostlist of {@code nodeCount}
   * nodes) with 8 h100 per node, started at {@code started}.
   */
  public static SlurmJob runningJob(long id, String nodes, int nodeCount, Instant started) {
    return new SlurmJob(
        id,
        "train",
        "RUNNING",
        "None",
        "gpu",
        nodes,
        nodeCount,
        "gpu:h100:8",
        0,
        true,
        Optional.of(started));
  }
}
