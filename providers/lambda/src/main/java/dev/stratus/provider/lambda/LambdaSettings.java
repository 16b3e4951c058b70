package dev.stratus.provider.lambda;

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
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code providers.lambda} block, validated (see the module README):
 *
 * <ul>
 *   <li>{@code apiKeyFile} (the key on one line) or, when absent, the controller's environment
 *       variable {@code apiKeyEnv} (default {@code LAMBDA_API_KEY}).
 *   <li>{@code sshKeyName} (required: Lambda launches need exactly one), {@code fileSystemName}.
 *   <li>{@code offerings}: {@code {instanceType, region, pricePerHour?}}; a type outside {@link
 *       LambdaCatalog} gives {@code gpuModel, gpusPerNode, cpus, memoryMiB}. On-demand only.
 *   <li>{@code userDataFile}: cloud-init sent as each instance's {@code user_data}, with the node's
 *       name (and its wrapping token, if the slot is there) filled in per node.
 *   <li>{@code capacityProbeSeconds} (default 15): how long an instance-types answer stands as the
 *       capacity probe; {@code launchMemorySeconds} (default 600); {@code callTimeoutSeconds}
 *       (default 60; launches can take long to answer); {@code endpoint} (tests).
 * </ul>
 */
record LambdaSettings(
    ApiKey apiKey,
    String sshKeyName,
    Optional<String> fileSystemName,
    List<Offering> offerings,
    Optional<String> userData,
    Duration capacityProbe,
    Duration launchMemory,
    Duration callTimeout,
    URI endpoint) {
  static final String PROVIDER = "lambda";
  static final URI API = URI.create("https://cloud.lambdalabs.com/api/v1/");

  static final SettingKeys KEYS =
      SettingKeys.of(
              "apiKeyFile",
              "apiKeyEnv",
              "sshKeyName",
              "fileSystemName",
              "offerings",
              "userDataFile",
              "capacityProbeSeconds",
              "launchMemorySeconds",
              "callTimeoutSeconds",
              "endpoint")
          .with(
              "offerings",
              SettingKeys.of(
                  "instanceType",
                  "region",
                  "pricePerHour",
                  "gpuModel",
                  "gpusPerNode",
                  "cpus",
                  "memoryMiB"));

  LambdaSettings {
    offerings = List.copyOf(offerings);
  }

  static LambdaSettings parse(Map<String, Object> raw, PriceTable prices, Map<String, String> env) {
    SettingsReader s = SettingsReader.of(PROVIDER, KEYS, raw);
    return new LambdaSettings(
        ApiKey.read(
            s.string("apiKeyFile").map(Path::of),
            s.string("apiKeyEnv", "LAMBDA_API_KEY"),
            env,
            s.where()),
        s.requiredString("sshKeyName"),
        s.string("fileSystemName"),
        offerings(s, prices),
        s.string("userDataFile").map(f -> read(s.name("userDataFile"), Path.of(f))),
        Duration.ofSeconds(s.integer("capacityProbeSeconds", 15, 0, 3600)),
        Duration.ofSeconds(s.integer("launchMemorySeconds", 600, 0, 86400)),
        Duration.ofSeconds(s.integer("callTimeoutSeconds", 60, 1, 3600)),
        s.string("endpoint").map(URI::create).orElse(API));
  }

  boolean wantsCredential() {
    return userData.map(NodeUserData::wantsCredential).orElse(false);
  }

  private static List<Offering> offerings(SettingsReader s, PriceTable prices) {
    List<Offering> out = new ArrayList<>();
    for (SettingsReader o : s.blocks("offerings")) {
      String type = o.requiredString("instanceType");
      String region = o.requiredString("region");
      var known = LambdaCatalog.find(type);
      BigDecimal price =
          o.decimal("pricePerHour")
              .or(() -> prices.listPrice(PROVIDER, region, type, CapacityType.ON_DEMAND))
              .orElseThrow(
                  () -> o.error("pricePerHour", "is required: the price table has no " + type));
      try {
        out.add(
            new Offering(
                new OfferingKey(PROVIDER, region, "", type, CapacityType.ON_DEMAND),
                o.string("gpuModel").or(() -> known.map(LambdaCatalog.Type::gpuModel)).orElse(null),
                o.integer("gpusPerNode", known.map(LambdaCatalog.Type::gpus).orElse(0), 0, 64),
                o.integer("cpus", known.map(LambdaCatalog.Type::vcpus).orElse(0), 0, 4096),
                o.longInteger(
                    "memoryMiB", known.map(LambdaCatalog.Type::memoryMiB).orElse(0L), 0, 1L << 40),
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

  private static String read(String key, Path file) {
    try {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      if (text.getBytes(StandardCharsets.UTF_8).length > 1024 * 1024) {
        throw new IllegalArgumentException(
            key + ": " + file + " is over Lambda's 1 MiB user_data limit");
      }
      return text;
    } catch (IOException e) {
      throw new IllegalArgumentException(key + ": cannot read " + file + ": " + e, e);
    }
  }
}
