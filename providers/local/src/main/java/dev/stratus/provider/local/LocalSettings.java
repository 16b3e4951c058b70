package dev.stratus.provider.local;

import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.SettingKeys;
import dev.stratus.api.spi.SettingsReader;
import dev.stratus.bootstrap.AgentSettings;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/** The local provider's settings block, validated. See {@link #parse} for the keys and defaults. */
record LocalSettings(
    String bridge,
    Subnet subnet,
    RackLayout racks,
    Path deviceDir,
    int gpuCount,
    List<Offering> offerings,
    LocalFaults faults,
    Duration agentTimeout,
    Optional<URI> noticeUrl,
    int imdsPort,
    boolean checkController,
    String confServer,
    Optional<Path> controllerCaFile,
    List<LocalReservations.Held> reservations) {
  static final String PROVIDER = "local";
  private static final Pattern IFNAME = Pattern.compile("[a-zA-Z][a-zA-Z0-9_-]{0,14}");
  private static final String IFNAME_RULE = " of 1-15 letters, digits, '-' or '_'";
  static final SettingKeys KEYS =
      SettingKeys.of(
              "bridge",
              "subnet",
              "racks",
              "deviceDir",
              "gpuCount",
              "offerings",
              "failLaunches",
              "exhaustedOfferings",
              "agentTimeoutSeconds",
              "noticeUrl",
              "imdsPort",
              "checkController",
              "confServer",
              "controllerCaFile",
              "reservations")
          .with(
              "reservations",
              SettingKeys.of(
                  "id",
                  "instanceType",
                  "region",
                  "zone",
                  "start",
                  "end",
                  "instances",
                  "prepaidUsd"))
          .with(
              "offerings",
              SettingKeys.of(
                  "region",
                  "zone",
                  "instanceType",
                  "capacityType",
                  "gpuModel",
                  "gpusPerNode",
                  "cpus",
                  "memoryMiB",
                  "pricePerHour"));

  LocalSettings {
    if (!IFNAME.matcher(bridge).matches()) {
      throw new IllegalArgumentException(
          "bridge '" + bridge + "' must be an interface name" + IFNAME_RULE);
    }
    if (gpuCount < 0 || gpuCount > 64) {
      throw new IllegalArgumentException("gpuCount must be 0..64, got " + gpuCount);
    }
    offerings = List.copyOf(offerings);
    reservations = List.copyOf(reservations);
    if (imdsPort < 1 || imdsPort > 65535) {
      throw new IllegalArgumentException("imdsPort must be 1..65535, got " + imdsPort);
    }
  }

  /**
   * Keys: {@code bridge} (default {@code stratus0}), {@code subnet} (a /24, default {@code
   * 10.77.0.0/24}), {@code racks}, {@code deviceDir} (default {@code <stateDir>/dev}), {@code
   * gpuCount} (default 8), {@code offerings}, {@code failLaunches}, {@code exhaustedOfferings},
   * {@code agentTimeoutSeconds} (default 30), {@code imdsPort} (port of each node's metadata
   * endpoint on the node's address, default 80), {@code noticeUrl} (the controller's notice
   * endpoint, e.g. {@code http://10.77.0.1:8620/v1/notices}, which each node's watcher reports to;
   * default none: the metadata endpoint runs but nothing watches it), {@code checkController}
   * (default true: each node's agent proves slurmctld accepts its munge key before slurmd starts;
   * false only where no slurmctld runs, as in provider tests), {@code confServer} ({@code
   * host:port} of slurmctld as the nodes reach it: the nodes' slurmd then run configless, {@code
   * --conf-server}, with no slurm.conf of their own; default none), {@code controllerCaFile} (PEM
   * the nodes' watchers trust for an https {@code noticeUrl}; default the JVM's), {@code
   * reservations} (blocks with a window, {@link LocalReservations}). Unknown keys are refused so
   * that a typo is not silently ignored.
   */
  static LocalSettings parse(Map<String, Object> settings, Path stateDir) {
    SettingsReader r = SettingsReader.of(PROVIDER, KEYS, settings);
    int gpus = r.integer("gpuCount", 8, 0, 64);
    Path deviceDir = r.string("deviceDir").map(Path::of).orElse(stateDir.resolve("dev"));
    if (!deviceDir.isAbsolute()) {
      throw r.error("deviceDir", "must be an absolute path, got " + deviceDir);
    }
    String bridge = r.string("bridge", "stratus0");
    if (!IFNAME.matcher(bridge).matches()) {
      throw r.error("bridge", "'" + bridge + "' must be an interface name" + IFNAME_RULE);
    }
    return new LocalSettings(
        bridge,
        named(r, () -> Subnet.parse(r.string("subnet", "10.77.0.0/24"))),
        named(r, () -> RackLayout.parse(r.value("racks").orElse(null))),
        deviceDir,
        gpus,
        offerings(r, gpus),
        LocalFaults.fromSettings(settings),
        Duration.ofSeconds(r.integer("agentTimeoutSeconds", 30, 1, 3600)),
        r.string("noticeUrl").map(u -> noticeUrl(r, u)),
        r.integer("imdsPort", 80, 1, 65535),
        r.bool("checkController", true),
        r.string("confServer")
            .map(v -> named(r, () -> AgentSettings.checkConfServer(v)))
            .orElse(""),
        r.string("controllerCaFile").map(Path::of),
        LocalReservations.fromSettings(r.blocks("reservations")));
  }

  /** Runs a check whose message starts with the key's name and puts the block's place first. */
  private static <T> T named(SettingsReader r, Supplier<T> check) {
    try {
      return check.get();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(r.where() + "." + e.getMessage(), e);
    }
  }

  private static URI noticeUrl(SettingsReader r, String value) {
    URI uri;
    try {
      uri = new URI(value);
    } catch (URISyntaxException e) {
      throw r.error("noticeUrl", "'" + value + "' is not a URL: " + e.getMessage());
    }
    if (!"http".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 1) {
      throw r.error(
          "noticeUrl",
          "'" + value + "' must be http://HOST:PORT/PATH (the controller's spot.listen)");
    }
    return uri;
  }

  private static List<Offering> offerings(SettingsReader r, int gpus) {
    List<Offering> result = new ArrayList<>();
    for (SettingsReader o : r.blocks("offerings")) {
      try {
        OfferingKey key =
            new OfferingKey(
                PROVIDER,
                o.string("region", "local"),
                o.value("zone").map(String::valueOf).orElse(""),
                o.requiredString("instanceType"),
                o.capacityType("capacityType"));
        result.add(
            new Offering(
                key,
                o.string("gpuModel").orElse(null),
                o.integer("gpusPerNode", gpus, 0, 64),
                o.integer("cpus", 8, 1, 4096),
                o.integer("memoryMiB", 64000, 1, Integer.MAX_VALUE),
                o.decimal("pricePerHour").orElse(BigDecimal.ZERO)));
      } catch (IllegalArgumentException e) {
        throw e.getMessage().startsWith(o.where())
            ? e
            : new IllegalArgumentException(o.where() + ": " + e.getMessage(), e);
      }
    }
    return result;
  }
}
