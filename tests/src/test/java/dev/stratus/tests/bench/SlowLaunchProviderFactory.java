package dev.stratus.tests.bench;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.NodeProviderFactory;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.api.spi.SettingKeys;
import dev.stratus.core.config.StratusConfig;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Registers {@link SlowLaunchProvider} as provider {@code slow} (on the test class path only).
 * Settings: {@code holdNodes}, the nodes whose launch it holds, and the shape of its one offering
 * ({@code instanceType}, {@code gpuModel}, {@code gpus}, {@code cpus}, {@code memoryMiB}), the
 * cheapest spot one, so that every launch of its pool tries it first. {@link #withSlowCloud} puts
 * it in front of a config's first pool.
 */
public final class SlowLaunchProviderFactory implements NodeProviderFactory {
  public static final String NAME = "slow";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public SettingKeys settingKeys() {
    return SettingKeys.of("holdNodes", "instanceType", "gpuModel", "gpus", "cpus", "memoryMiB");
  }

  @Override
  public NodeProvider create(ProviderContext context) {
    @SuppressWarnings("unchecked")
    List<String> hold = (List<String>) context.settings().getOrDefault("holdNodes", List.of());
    return new SlowLaunchProvider(offering(context.settings()), Set.copyOf(hold));
  }

  /** Its one offering, from its settings. */
  static Offering offering(Map<String, Object> s) {
    return new Offering(
        new OfferingKey(
            NAME, "slow-1", "slow-1a", (String) s.get("instanceType"), CapacityType.SPOT),
        (String) s.get("gpuModel"),
        (Integer) s.get("gpus"),
        (Integer) s.get("cpus"),
        (Long) s.get("memoryMiB"),
        new BigDecimal("0.01"));
  }

  /**
   * {@code config} with provider {@code slow} holding {@code heldNode}'s launch, its offering first
   * in the first pool.
   */
  public static StratusConfig withSlowCloud(StratusConfig config, String heldNode) {
    Pool pool = config.pools().get(0);
    Offering like = pool.offerings().get(0);
    Map<String, Object> settings =
        Map.of(
            "holdNodes", List.of(heldNode),
            "instanceType", like.key().instanceType(),
            "gpuModel", like.gpuModel(),
            "gpus", like.gpusPerNode(),
            "cpus", like.cpus(),
            "memoryMiB", like.memoryMiB());
    Map<String, Map<String, Object>> providers = new LinkedHashMap<>(config.providers());
    providers.put(NAME, settings);
    List<Offering> offerings = new ArrayList<>(List.of(offering(settings)));
    offerings.addAll(pool.offerings());
    List<Pool> pools = new ArrayList<>(config.pools());
    pools.set(
        0,
        new Pool(
            pool.name(),
            pool.partition(),
            pool.gpuModel(),
            pool.gpusPerNode(),
            pool.cpus(),
            pool.memoryMiB(),
            pool.maxNodes(),
            offerings,
            pool.gpuOptions(),
            pool.spotPolicy()));
    return new StratusConfig(
        config.cluster(),
        config.slurm(),
        config.powerSave(),
        config.timeouts(),
        config.spoolDir(),
        config.stateDir(),
        config.mungeKeyFile(),
        pools,
        providers,
        config.spot(),
        config.vault());
  }
}
