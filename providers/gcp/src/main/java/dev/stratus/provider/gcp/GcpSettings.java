package dev.stratus.provider.gcp;

import static dev.stratus.api.model.Checks.notBlank;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.spi.NodeUserData;
import dev.stratus.api.spi.SettingKeys;
import dev.stratus.api.spi.SettingsReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code providers.gcp} block of stratus.yaml, validated. Keys are documented on {@link
 * GcpNodeProvider}; unknown keys are refused so that a typo is never silently ignored.
 */
record GcpSettings(
    String project,
    String region,
    List<GcpOffering> offerings,
    String network,
    Optional<String> subnetwork,
    String image,
    long bootDiskGb,
    String bootDiskType,
    Optional<String> serviceAccount,
    Map<String, String> metadata,
    boolean compactPlacement,
    Optional<URI> endpoint,
    Optional<Path> credentialsFile,
    boolean noCredentials,
    Duration operationPoll,
    Duration operationTimeout,
    Optional<Duration> maxRetryAfter,
    Optional<URI> pricesEndpoint,
    Optional<Path> pricesApiKeyFile,
    Duration reservationsRefresh) {
  static final String WHERE = "providers.gcp";
  static final SettingKeys KEYS =
      SettingKeys.of(
              "project",
              "region",
              "offerings",
              "network",
              "subnetwork",
              "image",
              "bootDiskGb",
              "bootDiskType",
              "serviceAccount",
              "startupScript",
              "userData",
              "metadata",
              "compactPlacement",
              "endpoint",
              "credentialsFile",
              "noCredentials",
              "operationPollMillis",
              "operationTimeoutSeconds",
              "maxRetryAfterSeconds",
              "pricesEndpoint",
              "pricesApiKeyFile",
              "reservationsRefreshSeconds")
          .with("offerings", GcpOffering.KEYS);

  GcpSettings {
    notBlank("project", project);
    notBlank("region", region);
    offerings = List.copyOf(offerings);
    metadata = Map.copyOf(metadata);
    if (noCredentials && endpoint.isEmpty()) {
      throw new IllegalArgumentException(
          WHERE + ".noCredentials is only allowed with an endpoint override (an emulator)");
    }
    if (noCredentials && credentialsFile.isPresent()) {
      throw new IllegalArgumentException(
          WHERE + ": set either credentialsFile or noCredentials, not both");
    }
  }

  static GcpSettings parse(Map<String, Object> raw, PriceTable prices) {
    SettingsReader s = SettingsReader.of(GcpOffering.PROVIDER, KEYS, raw);
    String region = s.requiredString("region");
    List<GcpOffering> offerings = new ArrayList<>();
    for (SettingsReader entry : s.blocks("offerings")) {
      offerings.add(GcpOffering.parse(entry, region, prices));
    }
    Map<String, String> metadata = new LinkedHashMap<>(s.stringMap("metadata"));
    s.string("startupScript").ifPresent(v -> metadata.put("startup-script", v));
    s.string("userData").ifPresent(v -> metadata.put("user-data", v));
    metadata.forEach(
        (k, v) ->
            NodeUserData.refuseSharedSlot(
                s.name("metadata") + "." + k, v, "GCE instances.bulkInsert"));
    return new GcpSettings(
        s.requiredString("project"),
        region,
        offerings,
        s.string("network").orElse("global/networks/default"),
        s.string("subnetwork"),
        s.string("image").orElse("projects/debian-cloud/global/images/family/debian-12"),
        s.longInteger("bootDiskGb", 200, 1, Long.MAX_VALUE),
        s.string("bootDiskType").orElse("pd-ssd"),
        s.string("serviceAccount"),
        metadata,
        s.bool("compactPlacement", true),
        s.string("endpoint").map(e -> endpoint(s.name("endpoint"), e)),
        s.string("credentialsFile").map(Path::of),
        s.bool("noCredentials", false),
        Duration.ofMillis(s.longInteger("operationPollMillis", 1000, 1, Long.MAX_VALUE)),
        Duration.ofSeconds(s.longInteger("operationTimeoutSeconds", 900, 1, Long.MAX_VALUE)),
        s.longInteger("maxRetryAfterSeconds", 1, 3600).map(Duration::ofSeconds),
        s.string("pricesEndpoint").map(e -> endpoint(s.name("pricesEndpoint"), e)),
        s.string("pricesApiKeyFile").map(Path::of),
        Duration.ofSeconds(s.longInteger("reservationsRefreshSeconds", 60, 1, 86_400)));
  }

  Set<String> zones() {
    Set<String> zones = new TreeSet<>();
    offerings.forEach(o -> zones.add(o.zone()));
    return zones;
  }

  private static URI endpoint(String name, String text) {
    try {
      URI uri = new URI(text);
      if (uri.getScheme() == null || uri.getHost() == null) {
        throw new IllegalArgumentException(name + " must be an absolute URL, got '" + text + "'");
      }
      return uri;
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(name + " is not a URL: '" + text + "'", e);
    }
  }
}
