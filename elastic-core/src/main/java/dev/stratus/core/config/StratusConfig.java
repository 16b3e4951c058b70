package dev.stratus.core.config;

import static dev.stratus.api.model.Checks.notNull;
import static dev.stratus.api.model.Checks.slurmName;

import dev.stratus.api.model.Pool;
import dev.stratus.api.spi.VaultSettings;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Everything in stratus.yaml, validated. {@code spoolDir} holds hook requests; {@code stateDir} is
 * the controller's scratch (provider files, logs). {@code providers} maps a provider name to its
 * own settings block. {@code mungeKeyFile} is the munge key of this host (a 0400 file), which nodes
 * also read unless {@code vault} says where they get it instead. {@code money}: prices, the cost
 * ledger and budgets. {@code controller}: the secret the nodes' signing keys derive from, and the
 * endpoint's TLS ({@link ControllerSettings}).
 */
public record StratusConfig(
    String cluster,
    SlurmSettings slurm,
    PowerSave powerSave,
    Timeouts timeouts,
    Path spoolDir,
    Path stateDir,
    Path mungeKeyFile,
    List<Pool> pools,
    Map<String, Map<String, Object>> providers,
    SpotSettings spot,
    Optional<VaultSettings> vault,
    MoneySettings money,
    ControllerSettings controller,
    DeadlineSettings deadlines,
    Map<String, GpuHealthSettings> gpuHealth,
    Map<String, WindowSettings> windows) {
  /**
   * A config with the default prices and ledger settings, no budgets, and the {@code controller:}
   * defaults.
   */
  public StratusConfig(
      String cluster,
      SlurmSettings slurm,
      PowerSave powerSave,
      Timeouts timeouts,
      Path spoolDir,
      Path stateDir,
      Path mungeKeyFile,
      List<Pool> pools,
      Map<String, Map<String, Object>> providers,
      SpotSettings spot,
      Optional<VaultSettings> vault) {
    this(
        cluster,
        slurm,
        powerSave,
        timeouts,
        spoolDir,
        stateDir,
        mungeKeyFile,
        pools,
        providers,
        spot,
        vault,
        MoneySettings.defaults(stateDir),
        null,
        null);
  }

  /** A config without the {@code deadlines:} settings: their defaults. */
  public StratusConfig(
      String cluster,
      SlurmSettings slurm,
      PowerSave powerSave,
      Timeouts timeouts,
      Path spoolDir,
      Path stateDir,
      Path mungeKeyFile,
      List<Pool> pools,
      Map<String, Map<String, Object>> providers,
      SpotSettings spot,
      Optional<VaultSettings> vault,
      MoneySettings money,
      ControllerSettings controller) {
    this(
        cluster,
        slurm,
        powerSave,
        timeouts,
        spoolDir,
        stateDir,
        mungeKeyFile,
        pools,
        providers,
        spot,
        vault,
        money,
        controller,
        null);
  }

  /** A config whose pools all have the default {@code gpuHealth:} settings. */
  public StratusConfig(
      String cluster,
      SlurmSettings slurm,
      PowerSave powerSave,
      Timeouts timeouts,
      Path spoolDir,
      Path stateDir,
      Path mungeKeyFile,
      List<Pool> pools,
      Map<String, Map<String, Object>> providers,
      SpotSettings spot,
      Optional<VaultSettings> vault,
      MoneySettings money,
      ControllerSettings controller,
      DeadlineSettings deadlines) {
    this(
        cluster,
        slurm,
        powerSave,
        timeouts,
        spoolDir,
        stateDir,
        mungeKeyFile,
        pools,
        providers,
        spot,
        vault,
        money,
        controller,
        deadlines,
        Map.of(),
        Map.of());
  }

  public StratusConfig {
    slurmName("cluster", cluster);
    notNull("slurm", slurm);
    notNull("powerSave", powerSave);
    notNull("timeouts", timeouts);
    notNull("spoolDir", spoolDir);
    notNull("stateDir", stateDir);
    notNull("mungeKeyFile", mungeKeyFile);
    notNull("spot", spot);
    vault = vault == null ? Optional.empty() : vault;
    notNull("money", money);
    controller = controller == null ? ControllerSettings.defaults(stateDir) : controller;
    deadlines = deadlines == null ? DeadlineSettings.DEFAULTS : deadlines;
    gpuHealth = gpuHealth == null ? Map.of() : Map.copyOf(gpuHealth);
    windows = windows == null ? Map.of() : Map.copyOf(windows);
    pools = List.copyOf(pools);
    providers = Map.copyOf(providers);
    if (pools.isEmpty()) {
      throw new IllegalArgumentException("at least one pool is needed");
    }
    Set<String> names = new HashSet<>();
    for (Pool p : pools) {
      if (!names.add(p.name())) {
        throw new IllegalArgumentException("two pools are named '" + p.name() + "'");
      }
      for (var o : p.offerings()) {
        if (!providers.containsKey(o.provider())) {
          throw new IllegalArgumentException(
              "pool '"
                  + p.name()
                  + "' uses provider '"
                  + o.provider()
                  + "' which has no block under providers:");
        }
      }
    }
  }

  /** The same config, with nodes reading the munge key from Vault as {@code vault} says. */
  public StratusConfig withVault(VaultSettings vault) {
    return new StratusConfig(
        cluster,
        slurm,
        powerSave,
        timeouts,
        spoolDir,
        stateDir,
        mungeKeyFile,
        pools,
        providers,
        spot,
        Optional.of(vault),
        money,
        controller,
        deadlines,
        gpuHealth,
        windows);
  }

  /** The same config with other deadline settings. */
  public StratusConfig withDeadlines(DeadlineSettings deadlines) {
    return new StratusConfig(
        cluster,
        slurm,
        powerSave,
        timeouts,
        spoolDir,
        stateDir,
        mungeKeyFile,
        pools,
        providers,
        spot,
        vault,
        money,
        controller,
        deadlines,
        gpuHealth,
        windows);
  }

  /** The same config with other prices, ledger and budgets (everything else kept). */
  public StratusConfig withMoney(MoneySettings money) {
    return new StratusConfig(
        cluster,
        slurm,
        powerSave,
        timeouts,
        spoolDir,
        stateDir,
        mungeKeyFile,
        pools,
        providers,
        spot,
        vault,
        money,
        controller,
        deadlines,
        gpuHealth,
        windows);
  }

  /** The same config with other pools' {@code gpuHealth:} settings. */
  public StratusConfig withGpuHealth(Map<String, GpuHealthSettings> gpuHealth) {
    return new StratusConfig(
        cluster,
        slurm,
        powerSave,
        timeouts,
        spoolDir,
        stateDir,
        mungeKeyFile,
        pools,
        providers,
        spot,
        vault,
        money,
        controller,
        deadlines,
        gpuHealth,
        windows);
  }

  /** The pool's {@code window:} settings, the defaults when it sets none. */
  public WindowSettings window(String pool) {
    return windows.getOrDefault(pool, WindowSettings.DEFAULTS);
  }

  /** The pool's {@code gpuHealth:} settings, the defaults when it sets none. */
  public GpuHealthSettings gpuHealth(String pool) {
    return gpuHealth.getOrDefault(pool, GpuHealthSettings.DEFAULTS);
  }

  public Optional<Pool> pool(String name) {
    return pools.stream().filter(p -> p.name().equals(name)).findFirst();
  }

  /** The pool whose slot this node name is. */
  public Optional<Pool> poolOfNode(String nodeName) {
    return pools.stream().filter(p -> p.owns(nodeName)).findFirst();
  }
}
