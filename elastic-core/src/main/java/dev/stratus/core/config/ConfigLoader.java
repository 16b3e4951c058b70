package dev.stratus.core.config;

import dev.stratus.api.model.Checks;
import dev.stratus.api.spi.NodeProviderFactory;
import dev.stratus.api.spi.Providers;
import dev.stratus.core.money.Budget;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Loads stratus.yaml (see the README's reference for every key and default). Relative paths resolve
 * against the YAML file's directory. Every error is a {@link ConfigException} naming file, line,
 * column and field path; unknown keys are errors everywhere, inside the provider blocks under
 * {@code providers:} against the keys each provider declares ({@link ProviderBlocks}).
 */
public final class ConfigLoader {
  static final List<String> DEFAULT_SLURMCTLD_PARAMETERS =
      List.of("idle_on_node_suspend", "cloud_reg_addrs");

  private ConfigLoader() {}

  /** The validated config; see {@link #loadAll} for the render-only extras. */
  public static StratusConfig load(Path file) {
    return loadAll(file).config();
  }

  /** As {@link #load(Path)}, with the provider factories given. */
  public static StratusConfig load(Path file, Map<String, NodeProviderFactory> factories) {
    return loadAll(file, factories).config();
  }

  /**
   * The config with its render-only extras. Each provider block's keys are checked against the
   * factory of that name on the class path ({@link Providers#discover}).
   */
  public static LoadedConfig loadAll(Path file) {
    return loadAll(file, Providers.discover(ConfigLoader.class.getClassLoader()));
  }

  /**
   * Budgets from a file that holds only {@code budgets:}, in stratus.yaml's format, checked as
   * stratus.yaml's are ({@code pools}: the pool names a budget's scope may name). What {@code
   * stratus simulate cluster --budgets} tries against a job stream.
   */
  public static List<Budget> loadBudgets(Path file, Set<String> pools) {
    return BudgetReader.read(Fields.read(file, "the file", "budgets"), pools);
  }

  /** As {@link #loadAll(Path)}, with the provider factories given. */
  public static LoadedConfig loadAll(Path file, Map<String, NodeProviderFactory> factories) {
    return loadAll(file, factories, KeyLog.NONE);
  }

  static LoadedConfig loadAll(Path file, Map<String, NodeProviderFactory> factories, KeyLog keys) {
    Fields root =
        Fields.read(
            file,
            "the file",
            keys,
            "cluster",
            "slurm",
            "powerSave",
            "timeouts",
            "stateDir",
            "spoolDir",
            "mungeKeyFile",
            "pools",
            "providers",
            "spot",
            "vault",
            "bootstrap",
            "prices",
            "ledger",
            "budgets",
            "controller",
            "deadlines");
    String cluster = root.check("cluster", root.string("cluster"), Checks::slurmName);
    Path stateDir = root.path("stateDir", Path.of("/var/lib/stratus"));
    Map<String, Map<String, Object>> providers = ProviderBlocks.read(root, factories);
    SlurmSettings slurm = slurm(root);
    PoolReader pools =
        PoolReader.read(root, providers.keySet(), slurm.topology() == SlurmSettings.Topology.TREE);
    Path spoolDir = root.path("spoolDir", stateDir.resolve("spool"));
    StratusConfig config =
        build(
            root,
            () ->
                new StratusConfig(
                    cluster,
                    slurm,
                    powerSave(root, stateDir),
                    timeouts(root),
                    spoolDir,
                    stateDir,
                    root.path("mungeKeyFile", Path.of("/etc/munge/munge.key")),
                    pools.pools(),
                    providers,
                    spot(root),
                    VaultReader.read(root),
                    MoneyReader.read(root, stateDir, pools.poolNames()),
                    ControllerReader.read(root, stateDir, spoolDir),
                    DeadlineSettings.read(root, pools.deadlines()),
                    pools.gpuHealth(),
                    pools.windows()));
    return new LoadedConfig(
        config, pools.gresAutodetect(), NodeBootstrapReader.read(root, config.vault()));
  }

  private static SlurmSettings slurm(Fields root) {
    var s =
        root.section(
            "slurm", "binDir", "sbinDir", "slurmConf", "mungeSocket", "topology", "version");
    SlurmSettings.Topology topology =
        s.map(ConfigLoader::topology).orElse(SlurmSettings.Topology.NONE);
    SlurmVersion version = s.map(ConfigLoader::version).orElse(SlurmVersion.DEFAULT);
    if (topology == SlurmSettings.Topology.BLOCK && !version.hasTopologyBlock()) {
      throw s.orElseThrow()
          .error(
              "topology",
              "block needs Slurm 23.11 or later (topology/block came with 23.11), but"
                  + " slurm.version is "
                  + version
                  + ": use tree, or set slurm.version");
    }
    return new SlurmSettings(
        s.map(f -> f.path("binDir", null)).orElse(Path.of("/usr/bin")),
        s.map(f -> f.path("sbinDir", null)).orElse(Path.of("/usr/sbin")),
        s.map(f -> f.path("slurmConf", null)).orElse(Path.of("/etc/slurm/slurm.conf")),
        s.map(f -> f.path("mungeSocket", null)).orElse(Path.of("/run/munge/munge.socket.2")),
        topology,
        version);
  }

  private static SlurmVersion version(Fields slurm) {
    String value = slurm.string("version", SlurmVersion.DEFAULT.toString());
    try {
      return SlurmVersion.parse(value);
    } catch (IllegalArgumentException e) {
      throw slurm.error(
          "version", "must be a Slurm release like 22.05 or 24.11, got '" + value + "'");
    }
  }

  private static SlurmSettings.Topology topology(Fields slurm) {
    String value = slurm.string("topology", "none");
    return switch (value) {
      case "none" -> SlurmSettings.Topology.NONE;
      case "tree" -> SlurmSettings.Topology.TREE;
      case "block" -> SlurmSettings.Topology.BLOCK;
      default -> throw slurm.error("topology", "must be tree, block or none, got '" + value + "'");
    };
  }

  private static PowerSave powerSave(Fields root, Path stateDir) {
    Fields f =
        root.section(
                "powerSave",
                "suspendTime",
                "suspendTimeout",
                "resumeTimeout",
                "resumeRate",
                "suspendRate",
                "treeWidth",
                "hookDir",
                "slurmctldParameters",
                "startJobsOnBoot")
            .orElseGet(() -> Fields.of(root.doc(), "powerSave", emptyMap(root)));
    return build(
        f,
        () ->
            new PowerSave(
                seconds(f, "suspendTime", Duration.ofMinutes(5)),
                seconds(f, "suspendTimeout", Duration.ofSeconds(30)),
                seconds(f, "resumeTimeout", Duration.ofMinutes(10)),
                f.check("resumeRate", f.integer("resumeRate", 0), ConfigLoader::notNegative),
                f.check("suspendRate", f.integer("suspendRate", 0), ConfigLoader::notNegative),
                f.check("treeWidth", f.integer("treeWidth", 65533), ConfigLoader::treeWidth),
                f.path("hookDir", stateDir.resolve("bin")),
                f.strings("slurmctldParameters", DEFAULT_SLURMCTLD_PARAMETERS),
                f.bool("startJobsOnBoot", true)));
  }

  private static Timeouts timeouts(Fields root) {
    Timeouts d = Timeouts.DEFAULTS;
    return root.section(
            "timeouts",
            "reconcileInterval",
            "powerUp",
            "orphanGrace",
            "downHold",
            "unavailableTtl",
            "launch",
            "terminate",
            "list")
        .map(
            f ->
                new Timeouts(
                    positive(f, "reconcileInterval", d.reconcileInterval()),
                    positive(f, "powerUp", d.powerUp()),
                    positive(f, "orphanGrace", d.orphanGrace()),
                    positive(f, "downHold", d.downHold()),
                    positive(f, "unavailableTtl", d.unavailableTtl()),
                    positive(f, "launch", d.launch()),
                    positive(f, "terminate", d.terminate()),
                    positive(f, "list", d.list())))
        .orElse(d);
  }

  private static SpotSettings spot(Fields root) {
    SpotSettings d = SpotSettings.DEFAULTS;
    return root.section(
            "spot", "signal", "grace", "margin", "actOnRebalance", "listen", "checkpointDir")
        .map(
            f ->
                build(
                    f,
                    () ->
                        new SpotSettings(
                            f.string("signal", d.signal()),
                            f.duration("grace", d.grace()),
                            f.duration("margin", d.margin()),
                            f.check(
                                    "actOnRebalance",
                                    f.string("actOnRebalance", "false"),
                                    ConfigLoader::trueOrFalse)
                                .equals("true"),
                            f.string("listen", d.listen()),
                            f.node("checkpointDir").isPresent()
                                ? f.path("checkpointDir", null).toString()
                                : "")))
        .orElse(d);
  }

  private static void trueOrFalse(String key, String value) {
    if (!value.equals("true") && !value.equals("false")) {
      throw new IllegalArgumentException("must be true or false, got '" + value + "'");
    }
  }

  static YamlNode.MapNode emptyMap(Fields at) {
    return new YamlNode.MapNode(at.mark(), Map.of());
  }

  static Duration positive(Fields f, String key, Duration fallback) {
    return f.check(key, f.duration(key, fallback), ConfigLoader::positiveDuration);
  }

  /** slurm.conf takes these in whole seconds: refuse 1500ms instead of rounding it silently. */
  private static Duration seconds(Fields f, String key, Duration fallback) {
    Duration d = positive(f, key, fallback);
    if (d.toMillis() % 1000 != 0) {
      throw f.error(key, "slurm.conf needs whole seconds, got " + d.toMillis() + "ms");
    }
    return d;
  }

  private static void positiveDuration(String key, Duration d) {
    if (d.isZero() || d.isNegative()) {
      throw new IllegalArgumentException("must be a positive duration");
    }
  }

  private static void notNegative(String key, Integer v) {
    if (v < 0) {
      throw new IllegalArgumentException("must be >= 0, got " + v);
    }
  }

  private static void treeWidth(String key, Integer v) {
    if (v < 1 || v > 65533) {
      throw new IllegalArgumentException("must be 1..65533, got " + v);
    }
  }

  /** Runs a record constructor; a check it fails is reported at the mapping it was read from. */
  static <T> T build(Fields at, Supplier<T> constructor) {
    try {
      return constructor.get();
    } catch (IllegalArgumentException e) {
      throw at.error(e.getMessage());
    }
  }
}
