package dev.stratus.provider.aws;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.NodeUserData;
import dev.stratus.api.spi.SettingKeys;
import dev.stratus.api.spi.SettingsReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code providers.aws} settings block, validated. Keys (see the module README for an example):
 *
 * <ul>
 *   <li>{@code region} (required): the EC2 region, e.g. {@code us-east-1}.
 *   <li>{@code launchTemplate} (required): {@code {id: lt-..., version: $Default}} or {@code {name:
 *       ..., version: ...}}. It carries what a GPU node needs and Stratus does not decide: AMI,
 *       security groups, instance profile, EFA network interfaces, disks. Version defaults to
 *       {@code $Default}.
 *   <li>{@code subnets} (required): zone name to a subnet id or a list of them.
 *   <li>{@code offerings}: a list of {@code {instanceType, zone, capacityType: on-demand|spot,
 *       pricePerHour?}}; a type not in {@link AwsCatalog} also needs {@code gpuModel, gpusPerNode,
 *       cpus, memoryMiB}. The price defaults to the bundled price table.
 *   <li>{@code spotAllocationStrategy}: {@code price-capacity-optimized} (default) or {@code
 *       capacity-optimized}.
 *   <li>{@code imageId}: overrides the template's AMI. {@code userDataFile}: a file sent, base64
 *       encoded, as the user data of every instance (at most 16 KiB raw).
 *   <li>{@code placementGroups} (default true): a cluster placement group per multi-node launch.
 *   <li>{@code pageSize} (5..1000, default 1000): MaxResults of DescribeInstances.
 *   <li>{@code callTimeoutSeconds} (default 60): the SDK's per-call timeout.
 *   <li>{@code endpoint}: EC2 endpoint override (tests; production leaves it unset).
 *   <li>{@code credentials}: {@code {accessKeyId, secretAccessKey, sessionToken?}}; when absent the
 *       SDK's default chain is used (environment, profile, instance role).
 *   <li>{@code pricesRegion} (default {@code us-east-1}): where the Price List Query API is asked;
 *       it has endpoints in {@code us-east-1}, {@code eu-central-1} and {@code ap-south-1} only.
 *       {@code pricesEndpoint}: its endpoint override (tests).
 *   <li>{@code reservationsRefreshSeconds} (0..3600, default 60): how long the answer of
 *       DescribeCapacityReservations is served before it is asked again (0: every time).
 * </ul>
 */
record AwsSettings(
    String region,
    LaunchTemplate launchTemplate,
    Map<String, List<String>> subnets,
    List<Offering> offerings,
    String spotAllocationStrategy,
    Optional<String> imageId,
    Optional<String> userDataBase64,
    boolean placementGroups,
    int pageSize,
    Duration callTimeout,
    Optional<URI> endpoint,
    Optional<Credentials> credentials,
    String pricesRegion,
    Optional<URI> pricesEndpoint,
    Duration reservationsRefresh) {
  static final String PROVIDER = "aws";

  /** The Price List Query API is served from these regions only. */
  static final List<String> PRICE_LIST_REGIONS = List.of("us-east-1", "eu-central-1", "ap-south-1");

  static final Set<String> SPOT_STRATEGIES =
      Set.of("price-capacity-optimized", "capacity-optimized");
  private static final int USER_DATA_LIMIT = 16 * 1024;
  static final SettingKeys KEYS =
      SettingKeys.of(
              "region",
              "launchTemplate",
              "subnets",
              "offerings",
              "spotAllocationStrategy",
              "imageId",
              "userDataFile",
              "placementGroups",
              "pageSize",
              "callTimeoutSeconds",
              "endpoint",
              "credentials",
              "pricesRegion",
              "pricesEndpoint",
              "reservationsRefreshSeconds")
          .with("launchTemplate", SettingKeys.of("id", "name", "version"))
          .with(
              "offerings",
              SettingKeys.of(
                  "instanceType",
                  "zone",
                  "capacityType",
                  "pricePerHour",
                  "gpuModel",
                  "gpusPerNode",
                  "cpus",
                  "memoryMiB"))
          .with("credentials", SettingKeys.of("accessKeyId", "secretAccessKey", "sessionToken"));

  /** A launch template by id or by name (exactly one), with a version. */
  record LaunchTemplate(Optional<String> id, Optional<String> name, String version) {}

  /** Explicit keys. {@code toString} hides the secret so that no log can print it. */
  record Credentials(String accessKeyId, String secretAccessKey, Optional<String> sessionToken) {
    @Override
    public String toString() {
      return "Credentials[accessKeyId=" + accessKeyId + ", secret=***]";
    }
  }

  AwsSettings {
    subnets = Map.copyOf(subnets);
    offerings = List.copyOf(offerings);
  }

  /** The subnets of a zone; empty when the settings name none. */
  List<String> subnetsOf(String zone) {
    return subnets.getOrDefault(zone, List.of());
  }

  static AwsSettings parse(Map<String, Object> raw, PriceTable prices) {
    SettingsReader s = SettingsReader.of(PROVIDER, KEYS, raw);
    String region = s.requiredString("region");
    String strategy = s.string("spotAllocationStrategy").orElse("price-capacity-optimized");
    if (!SPOT_STRATEGIES.contains(strategy)) {
      throw new IllegalArgumentException(
          s.name("spotAllocationStrategy")
              + " must be one of "
              + SPOT_STRATEGIES
              + ", got "
              + strategy);
    }
    Map<String, List<String>> subnets = subnets(s);
    return new AwsSettings(
        region,
        launchTemplate(s),
        subnets,
        offerings(s, region, subnets, prices),
        strategy,
        s.string("imageId"),
        s.string("userDataFile").map(f -> userData(s.name("userDataFile"), Path.of(f))),
        s.bool("placementGroups", true),
        s.integer("pageSize", 1000, 5, 1000),
        Duration.ofSeconds(s.integer("callTimeoutSeconds", 60, 1, 3600)),
        s.string("endpoint").map(e -> endpoint(s.name("endpoint"), e)),
        s.block("credentials").map(AwsSettings::credentials),
        pricesRegion(s),
        s.string("pricesEndpoint").map(e -> endpoint(s.name("pricesEndpoint"), e)),
        Duration.ofSeconds(s.integer("reservationsRefreshSeconds", 60, 0, 3600)));
  }

  private static String pricesRegion(SettingsReader s) {
    String region = s.string("pricesRegion").orElse(PRICE_LIST_REGIONS.get(0));
    if (!PRICE_LIST_REGIONS.contains(region)) {
      throw new IllegalArgumentException(
          s.name("pricesRegion")
              + " must be one of "
              + PRICE_LIST_REGIONS
              + " (the Price List Query API has no endpoint elsewhere), got "
              + region);
    }
    return region;
  }

  private static LaunchTemplate launchTemplate(SettingsReader s) {
    SettingsReader lt =
        s.block("launchTemplate")
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        s.name("launchTemplate") + " is required: {id: lt-...} or {name: ...}"));
    Optional<String> id = lt.string("id");
    Optional<String> name = lt.string("name");
    if (id.isPresent() == name.isPresent()) {
      throw new IllegalArgumentException(lt.where() + " needs exactly one of 'id' and 'name'");
    }
    return new LaunchTemplate(id, name, lt.string("version").orElse("$Default"));
  }

  private static Map<String, List<String>> subnets(SettingsReader s) {
    SettingsReader m =
        s.block("subnets")
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        s.name("subnets") + " is required: zone -> subnet id(s)"));
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String zone : m.present()) {
      out.put(zone, m.strings(zone));
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(s.name("subnets") + " must name at least one zone");
    }
    return out;
  }

  private static List<Offering> offerings(
      SettingsReader s, String region, Map<String, List<String>> subnets, PriceTable prices) {
    List<Offering> out = new ArrayList<>();
    for (SettingsReader o : s.blocks("offerings")) {
      String type = o.requiredString("instanceType");
      String zone = o.requiredString("zone");
      if (!subnets.containsKey(zone)) {
        throw new IllegalArgumentException(
            o.name("zone") + " '" + zone + "' has no subnet in providers.aws.subnets");
      }
      CapacityType capacity = o.capacityType("capacityType");
      var known = AwsCatalog.find(type);
      BigDecimal price =
          o.decimal("pricePerHour")
              .or(() -> prices.price(PROVIDER, region, type, capacity))
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          o.name("pricePerHour")
                              + " is required: the price table has no "
                              + capacity
                              + " price for "
                              + type
                              + " in "
                              + region));
      try {
        out.add(
            new Offering(
                new OfferingKey(PROVIDER, region, zone, type, capacity),
                o.string("gpuModel")
                    .or(() -> known.map(AwsCatalog.InstanceType::gpuModel))
                    .orElse(null),
                o.integer("gpusPerNode", known.map(AwsCatalog.InstanceType::gpus).orElse(0), 0, 64),
                o.integer("cpus", known.map(AwsCatalog.InstanceType::vcpus).orElse(0), 0, 4096),
                o.integer(
                    "memoryMiB",
                    known.map(t -> (int) t.memoryMiB()).orElse(0),
                    0,
                    Integer.MAX_VALUE),
                price));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            o.where()
                + ": "
                + e.getMessage()
                + (known.isEmpty()
                    ? " ("
                        + type
                        + " is not in the catalog: give gpuModel, gpusPerNode, cpus, memoryMiB)"
                    : ""),
            e);
      }
    }
    return out;
  }

  private static String userData(String key, Path file) {
    try {
      byte[] raw = Files.readAllBytes(file);
      NodeUserData.refuseSharedSlot(
          key, new String(raw, StandardCharsets.UTF_8), "EC2 CreateFleet");
      if (raw.length > USER_DATA_LIMIT) {
        throw new IllegalArgumentException(
            key + ": " + file + " has " + raw.length + " bytes; EC2 takes at most 16 KiB");
      }
      return Base64.getEncoder().encodeToString(raw);
    } catch (IOException e) {
      throw new IllegalArgumentException(key + ": cannot read " + file + ": " + e, e);
    }
  }

  private static URI endpoint(String key, String value) {
    try {
      URI uri = URI.create(value);
      if (uri.getScheme() == null || uri.getHost() == null) {
        throw new IllegalArgumentException(key + " must be an absolute URL, got " + value);
      }
      return uri;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(key + " must be an absolute URL, got " + value, e);
    }
  }

  private static Credentials credentials(SettingsReader c) {
    return new Credentials(
        c.requiredString("accessKeyId"),
        c.requiredString("secretAccessKey"),
        c.string("sessionToken"));
  }
}
