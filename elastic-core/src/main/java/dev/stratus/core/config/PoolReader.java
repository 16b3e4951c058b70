package dev.stratus.core.config;

import static dev.stratus.core.config.ConfigLoader.build;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.CapacityTerms;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Checks;
import dev.stratus.api.model.GpuOptions;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.SpotPolicy;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads {@code pools:}. Each field is checked where it is written, before the records are built, so
 * that an error points at the value and not at the whole pool. An offering's gpu count defaults to
 * its pool's; its cpus and memoryMiB are checked against the pool's ({@link OfferingShape}).
 *
 * <p>Several pools may share a partition only with {@code slurm.topology: tree}: Slurm picks a
 * job's nodes from the whole partition, and nodes of two pools cannot launch together in one
 * provider and zone. Under topology/tree each such pool is a switch tree of its own ({@link
 * dev.stratus.core.render.TopologyBuilder}), so Slurm never gives one job nodes of two pools.
 */
record PoolReader(
    List<Pool> pools,
    Map<String, String> gresAutodetect,
    Map<String, Duration> deadlines,
    Map<String, GpuHealthSettings> gpuHealth,
    Map<String, WindowSettings> windows) {
  private static final Set<String> AUTODETECT = Set.of("nvml", "rsmi", "off");

  static PoolReader read(Fields root, Set<String> providers, boolean topologyTree) {
    List<Pool> pools = new ArrayList<>();
    Map<String, String> poolOfPartition = new HashMap<>();
    Map<String, String> autodetect = new LinkedHashMap<>();
    Map<String, Duration> deadlines = new LinkedHashMap<>();
    Map<String, GpuHealthSettings> gpuHealth = new LinkedHashMap<>();
    Map<String, WindowSettings> windows = new LinkedHashMap<>();
    Set<String> names = new HashSet<>();
    for (Fields f :
        root.list(
            "pools",
            "name",
            "partition",
            "gpu",
            "cpus",
            "memoryMiB",
            "maxNodes",
            "gres",
            "spotPolicy",
            "deadline",
            "gpuHealth",
            "window",
            "offerings")) {
      String name = f.check("name", f.string("name"), Checks::slurmName);
      if (!names.add(name)) {
        throw f.error("name", "two pools are named '" + name + "'");
      }
      String partition = f.check("partition", f.string("partition", name), Checks::slurmName);
      String sharing = poolOfPartition.putIfAbsent(partition, name);
      if (sharing != null && !topologyTree) {
        throw f.error(
            "partition",
            "pools '"
                + sharing
                + "' and '"
                + name
                + "' share partition '"
                + partition
                + "': Slurm could give one job nodes of both, and those cannot launch together in"
                + " one provider and zone. Give each pool its own partition, or set slurm.topology:"
                + " tree (each pool is then a switch tree of its own, so no job spans two pools)");
      }
      Fields gpu =
          f.section("gpu", "model", "count", "mig", "requireEcc")
              .orElseThrow(() -> missing(f, "gpu"));
      Shape shape =
          new Shape(
              gpu.check("model", gpu.string("model"), Checks::slurmName),
              gpu.check("count", gpu.integer("count"), Checks::positive),
              f.check("cpus", f.integer("cpus"), Checks::positive),
              f.check("memoryMiB", f.longValue("memoryMiB"), Checks::positive));
      int maxNodes = f.check("maxNodes", f.integer("maxNodes"), PoolReader::maxNodes);
      Duration deadline = f.duration("deadline", Duration.ZERO);
      if (f.node("deadline").isPresent()) {
        if (deadline.isNegative() || deadline.isZero()) {
          throw f.error("deadline", "must be a duration > 0 after submission, e.g. 24h");
        }
        deadlines.put(name, deadline);
      }
      SpotPolicy spotPolicy = spotPolicy(f);
      gpuHealth.put(name, GpuHealthSettings.read(f));
      windows.put(name, WindowSettings.read(f));
      f.section("gres", "autodetect")
          .ifPresent(
              g ->
                  autodetect.put(
                      name, g.check("autodetect", g.string("autodetect"), PoolReader::autodetect)));
      GpuOptions gpuOptions = GpuOptionsReader.read(gpu, name, autodetect.getOrDefault(name, ""));
      List<Offering> offerings = new ArrayList<>();
      for (Fields o :
          f.list(
              "offerings",
              "provider",
              "region",
              "zone",
              "instanceType",
              "capacity",
              "reservation",
              "maxRun",
              "pricePerHour",
              "gpu",
              "cpus",
              "memoryMiB")) {
        offerings.add(offering(o, shape, providers));
      }
      BlockPool.check(f, name, offerings);
      pools.add(
          build(
              f,
              () ->
                  new Pool(
                      name,
                      partition,
                      shape.model,
                      shape.count,
                      shape.cpus,
                      shape.memoryMiB,
                      maxNodes,
                      offerings,
                      gpuOptions,
                      spotPolicy)));
    }
    return new PoolReader(pools, autodetect, deadlines, gpuHealth, windows);
  }

  Set<String> poolNames() {
    Set<String> names = new TreeSet<>();
    pools.forEach(p -> names.add(p.name()));
    return names;
  }

  /** Prices of offerings that set no {@code pricePerHour}: the bundled public table. */
  private static final class Prices {
    static final PriceTable BUNDLED = PriceTable.bundled();
  }

  private static SpotPolicy spotPolicy(Fields f) {
    try {
      return SpotPolicy.parse(f.string("spotPolicy", SpotPolicy.SPOT_PREFERRED.configName()));
    } catch (IllegalArgumentException e) {
      throw f.error("spotPolicy", e.getMessage());
    }
  }

  private record Shape(String model, int count, int cpus, long memoryMiB) {}

  private static Offering offering(Fields o, Shape pool, Set<String> providers) {
    String provider = o.string("provider");
    if (!providers.contains(provider)) {
      throw o.error(
          "provider",
          "no block '"
              + provider
              + "' under providers: (have: "
              + String.join(", ", providers)
              + ")");
    }
    var gpu = o.section("gpu", "model", "count");
    String model = gpu.map(g -> g.string("model", pool.model)).orElse(pool.model);
    if (!model.equals(pool.model)) {
      throw gpu.get()
          .error("model", "must be the pool's gpu model '" + pool.model + "', got '" + model + "'");
    }
    int count = gpu.map(g -> g.integer("count", pool.count)).orElse(pool.count);
    if (count < pool.count) {
      throw gpu.get()
          .error("count", "must be >= the pool's gpu count " + pool.count + ", got " + count);
    }
    String region = o.check("region", o.string("region"), Checks::notBlank);
    String instanceType = o.check("instanceType", o.string("instanceType"), Checks::notBlank);
    OfferingShape shape =
        OfferingShape.of(
            o, pool.cpus, pool.memoryMiB, Prices.BUNDLED.shape(provider, instanceType));
    CapacityType capacityType = capacity(o);
    CapacityTerms terms = WindowedOffering.terms(o, capacityType, provider, region, instanceType);
    boolean configured = o.node("pricePerHour").isPresent();
    var bundled = Prices.BUNDLED.find(provider, region, instanceType);
    BigDecimal price =
        configured
            ? o.check("pricePerHour", o.decimal("pricePerHour"), PoolReader::price)
            : bundled
                .flatMap(p -> p.of(WindowedOffering.pricedAs(capacityType)))
                .orElseThrow(
                    () ->
                        o.error(
                            "pricePerHour",
                            "missing, and the bundled price table has no "
                                + capacityType.name().toLowerCase(Locale.ROOT)
                                + " price for "
                                + provider
                                + " "
                                + instanceType
                                + " in "
                                + region
                                + ": set pricePerHour"));
    PriceOrigin origin =
        configured ? PriceOrigin.CONFIGURED : PriceOrigin.bundled(bundled.orElseThrow().date());
    return build(
        o,
        () ->
            new Offering(
                new OfferingKey(
                    provider,
                    region,
                    o.string("zone", ""),
                    instanceType,
                    capacityType,
                    WindowedOffering.reservationOf(terms)),
                model,
                count,
                shape.cpus(),
                shape.memoryMiB(),
                price,
                origin,
                terms));
  }

  private static CapacityType capacity(Fields o) {
    String c = o.string("capacity", "on-demand");
    return switch (c) {
      case "on-demand" -> CapacityType.ON_DEMAND;
      case "spot" -> CapacityType.SPOT;
      case "reserved" -> CapacityType.RESERVED;
      case "flex" -> CapacityType.FLEX;
      default ->
          throw o.error("capacity", "must be on-demand, spot, reserved or flex, got '" + c + "'");
    };
  }

  private static ConfigException missing(Fields f, String key) {
    return f.error("missing required key '" + key + "'");
  }

  private static void maxNodes(String key, Integer v) {
    if (v < 1 || v > 9999) {
      throw new IllegalArgumentException("must be 1..9999, got " + v);
    }
  }

  private static void price(String key, BigDecimal v) {
    if (v.signum() < 0) {
      throw new IllegalArgumentException("must be >= 0, got " + v);
    }
  }

  private static void autodetect(String key, String v) {
    if (!AUTODETECT.contains(v)) {
      throw new IllegalArgumentException("must be one of nvml, rsmi, off; got '" + v + "'");
    }
  }
}
