package dev.stratus.core.render;

import dev.stratus.api.model.Pool;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.PowerSave;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.templates.BaseConfView;
import dev.stratus.templates.GresConfView;
import dev.stratus.templates.GresLine;
import dev.stratus.templates.HostRange;
import dev.stratus.templates.NodeLine;
import dev.stratus.templates.PartitionLine;
import dev.stratus.templates.SlurmIncludeView;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Pure mapping from the loaded config to the template views; no I/O. */
public final class SlurmViews {
  /** Name of the local provider, whose nodes use fake GPU devices instead of /dev. */
  public static final String LOCAL_PROVIDER = "local";

  private SlurmViews() {}

  /** Nodes register their address (before 23.11 an option; from 23.11 always, option defunct). */
  static final String CLOUD_REG_ADDRS = "cloud_reg_addrs";

  /** The SlurmctldParameters flag with which slurmctld serves its files to configless nodes. */
  public static final String ENABLE_CONFIGLESS = "enable_configless";

  /** From 25.11: lets jobs submitted with {@code --requeue=expedite} be requeued expedited. */
  static final String ENABLE_EXPEDITED_REQUEUE = "enable_expedited_requeue";

  /**
   * Slurm 22.05 accepts a CLOUD node that registers with as little as 90% of its RealMemory
   * (measured): at 100 every shortfall sets the node INVAL, which the controller acts on.
   */
  static final String NODE_REG_MEM_PERCENT = "node_reg_mem_percent";

  /**
   * True when nodes fetch their configuration from slurmctld: the cloud nodes' {@code
   * bootstrap.confServer}, or the local provider's {@code confServer} setting.
   */
  public static boolean configlessNodes(LoadedConfig loaded) {
    boolean cloud = loaded.bootstrap().map(b -> b.configless()).orElse(false);
    Object local =
        loaded.config().providers().getOrDefault(LOCAL_PROVIDER, Map.of()).get("confServer");
    return cloud || (local != null && !local.toString().isEmpty());
  }

  /** The launcher slurmctld runs for a hook: {@code <hookDir>/stratus-<resume|suspend|...>}. */
  public static Path launcher(PowerSave powerSave, HookKind kind) {
    return powerSave.hookDir().resolve("stratus-" + kind.cliName()).toAbsolutePath();
  }

  /** The include for a site whose slurm.conf says nothing Stratus needs to merge with. */
  public static SlurmIncludeView include(StratusConfig config) {
    return include(config, false, SiteSlurmConf.empty(config.slurm().slurmConf()));
  }

  /**
   * The include, merged with {@code site}'s settings ({@link IncludeMerge}); {@code
   * configlessNodes} adds {@code enable_configless} to SlurmctldParameters, so that slurmctld
   * serves its files to nodes started with {@code --conf-server}; {@code node_reg_mem_percent=100}
   * is added unless the config sets its own.
   *
   * @throws IncludeConflicts when the include cannot be merged with {@code site}
   */
  public static SlurmIncludeView include(
      StratusConfig config, boolean configlessNodes, SiteSlurmConf site) {
    IncludeMerge merge = merge(config, configlessNodes, site);
    if (merge.conflicts()) {
      throw new IncludeConflicts(site.file(), merge.findings());
    }
    Map<String, Integer> weights = PoolWeights.of(config.pools());
    List<NodeLine> nodes = new ArrayList<>();
    Map<String, List<String>> partitions = new LinkedHashMap<>();
    Set<String> blockPartitions = new HashSet<>();
    for (Pool pool : config.pools()) {
      if (BlockWindows.blockOf(pool).isPresent()) {
        blockPartitions.add(pool.partition());
      }
      String hostlist = hostlist(pool);
      nodes.add(
          new NodeLine(
              PoolWeights.describe(pool),
              hostlist,
              pool.cpus(),
              pool.memoryMiB(),
              gres(pool),
              String.join(",", features(pool)),
              weights.get(pool.name())));
      partitions.computeIfAbsent(pool.partition(), p -> new ArrayList<>()).add(hostlist);
    }
    List<PartitionLine> partitionLines = new ArrayList<>();
    // from 25.05 each partition is placed by its own topology in topology.yaml
    boolean ownTopology =
        config.slurm().topology().controllerWrites()
            && config.slurm().version().takesTopologyYaml();
    partitions.forEach(
        (name, lists) ->
            partitionLines.add(
                new PartitionLine(
                    name,
                    String.join(",", lists),
                    partitionLines.isEmpty() && !merge.siteHasDefaultPartition(),
                    blockPartitions.contains(name),
                    ownTopology ? TopologyYaml.nameOf(name) : "")));
    return new SlurmIncludeView(merge.lines(), nodes, partitionLines);
  }

  /** How the include's settings merge with {@code site}: what it adds, merges, keeps, conflicts. */
  public static IncludeMerge merge(
      StratusConfig config, boolean configlessNodes, SiteSlurmConf site) {
    List<String> parameters = new ArrayList<>(config.powerSave().slurmctldParameters());
    if (!config.slurm().version().takesCloudRegAddrs()) {
      // 23.11 made it the only behaviour and logs the option as defunct: leave it out
      parameters.remove(CLOUD_REG_ADDRS);
    }
    if (config.slurm().version().hasExpeditedRequeue()
        && !parameters.contains(ENABLE_EXPEDITED_REQUEUE)) {
      // jobs that ask for --requeue=expedite are refused without it; with it, a job reclaimed
      // with its node (marked DOWN) goes back to the top of the queue at once
      parameters.add(ENABLE_EXPEDITED_REQUEUE);
    }
    if (configlessNodes && !parameters.contains(ENABLE_CONFIGLESS)) {
      parameters.add(ENABLE_CONFIGLESS);
    }
    if (parameters.stream().noneMatch(p -> p.startsWith(NODE_REG_MEM_PERCENT + "="))) {
      parameters.add(NODE_REG_MEM_PERCENT + "=100");
    }
    Set<String> nodes = new HashSet<>();
    config.pools().forEach(p -> nodes.addAll(p.nodeNames()));
    List<IncludeSetting> settings = new ArrayList<>(IncludeSettings.of(config, parameters));
    if (config.slurm().version().countsGpusInMetrics() && keepsAccounting(site)) {
      settings.add(
          new IncludeSetting(
              "AccountingStorageTRES",
              "gres/gpu",
              IncludeSetting.Kind.LIST,
              "slurm.version",
              "GPUs as a TRES: sacct and slurmctld's /metrics count them (26.05's slurm_node_gpus"
                  + " gauges read 0 without it; slurmctld refuses it without slurmdbd)"));
    }
    return IncludeMerge.of(
        settings, site, nodes, config.pools().stream().map(Pool::partition).distinct().toList());
  }

  /** Whether the site's slurm.conf keeps accounting in slurmdbd. */
  static boolean keepsAccounting(SiteSlurmConf site) {
    return site.setting("AccountingStorageType")
        .map(s -> s.value().contains("slurmdbd"))
        .orElse(false);
  }

  public static GresConfView gres(LoadedConfig loaded) {
    StratusConfig config = loaded.config();
    List<GresLine> lines = new ArrayList<>();
    for (Pool pool : config.pools()) {
      String autodetect = loaded.gresAutodetect().getOrDefault(pool.name(), "");
      if (pool.gpuOptions().mig()) {
        // NVML finds the MIG devices and their files; Type picks them by name.
        pool.gresTypes()
            .keySet()
            .forEach(type -> lines.add(new GresLine(hostlist(pool), autodetect, type, "")));
        continue;
      }
      lines.add(
          new GresLine(
              hostlist(pool),
              autodetect,
              pool.gpuModel(),
              HostRange.devices(deviceDir(config, pool) + "/nvidia", pool.gpusPerNode())));
    }
    return new GresConfView(lines);
  }

  /**
   * The node's {@code Gres=}: {@code gpu:h100:8}, or one {@code gpu:<model>_<profile>:<n>} per MIG
   * profile, e.g. {@code gpu:a100_1g.5gb:8,gpu:a100_3g.20gb:16}.
   */
  static String gres(Pool pool) {
    return pool.gresTypes().entrySet().stream()
        .map(e -> "gpu:" + e.getKey() + ":" + e.getValue())
        .collect(Collectors.joining(","));
  }

  public static BaseConfView base(EmbeddedSlurm e) {
    return new BaseConfView(
        e.cluster(),
        e.controllerHostname(),
        e.controllerAddress(),
        e.controllerPort(),
        e.slurmdPort(),
        e.stateSaveLocation().toString(),
        e.controllerPidFile().toString(),
        e.controllerLogFile().toString(),
        e.nodesDir().toString(),
        e.mungeSocket().toString(),
        e.includeFile().toString(),
        e.topologyTree(),
        e.slurmdbdPort());
  }

  /** All of a pool's slots as one hostlist expression, e.g. {@code gpu-[001-004]}. */
  public static String hostlist(Pool pool) {
    return HostRange.format(pool.name() + "-", 1, pool.maxNodes(), pool.nameDigits());
  }

  /**
   * Where a pool's nodes find their GPUs: {@code /dev} on real machines; for a pool served only by
   * the local provider, its fake devices in {@code providers.local.deviceDir} (default {@code
   * <stateDir>/providers/local/dev}, the same default the local provider uses).
   */
  public static Path deviceDir(StratusConfig config, Pool pool) {
    boolean allLocal = pool.offerings().stream().allMatch(o -> o.provider().equals(LOCAL_PROVIDER));
    if (!allLocal) {
      return Path.of("/dev");
    }
    Object dir = config.providers().getOrDefault(LOCAL_PROVIDER, Map.of()).get("deviceDir");
    return dir != null
        ? Path.of(dir.toString())
        : config.stateDir().resolve("providers/local/dev").toAbsolutePath();
  }

  /** GPU model, pool name, then on-demand and/or spot as the pool's offerings sell them. */
  static Set<String> features(Pool pool) {
    return pool.features();
  }
}
