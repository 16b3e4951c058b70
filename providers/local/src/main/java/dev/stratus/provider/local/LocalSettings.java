package dev.stratus.provider.local;

import dev.stratus.core.model.CapacityType;
import dev.stratus.core.model.Offering;
import dev.stratus.core.model.OfferingKey;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
    String confServer) {
  static final String PROVIDER = "local";
  private static final Pattern IFNAME = Pattern.compile("[a-zA-Z][a-zA-Z0-9_-]{0,14}");
  private static final Set<String> KNOWN =
      Set.of(
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
          "confServer");

  LocalSettings {
    if (!IFNAME.matcher(bridge).matches()) {
      throw new IllegalArgumentException(
          "bridge '" + bridge + "' must be an interface name of 1-15 letters, digits, '-' or '_'");
    }
    if (gpuCount < 0 || gpuCount > 64) {
      throw new IllegalArgumentException("gpuCount must be 0..64, got " + gpuCount);
    }
    offerings = List.copyOf(offerings);
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
   * --conf-server}, with no slurm.conf of their own; default none). Unknown keys are refused so
   * that a typo is not silently ignored.
   */
  static LocalSettings parse(Map<String, Object> settings, Path stateDir) {
    for (String key : settings.keySet()) {
      if (!KNOWN.contains(key)) {
        throw new IllegalArgumentException(
            "providers.local: unknown setting '" + key + "'; known: " + KNOWN);
      }
    }
    int gpus = integer(settings, "gpuCount", 8);
    Object dev = settings.get("deviceDir");
    Path deviceDir = dev == null ? stateDir.resolve("dev") : Path.of(String.valueOf(dev));
    if (!deviceDir.isAbsolute()) {
      throw new IllegalArgumentException("deviceDir must be an absolute path, got " + deviceDir);
    }
    int timeout = integer(settings, "agentTimeoutSeconds", 30);
    if (timeout <= 0) {
      throw new IllegalArgumentException("agentTimeoutSeconds must be > 0, got " + timeout);
    }
    return new LocalSettings(
        String.valueOf(settings.getOrDefault("bridge", "stratus0")),
        Subnet.parse(String.valueOf(settings.getOrDefault("subnet", "10.77.0.0/24"))),
        RackLayout.parse(settings.get("racks")),
        deviceDir,
        gpus,
        offerings(settings.get("offerings"), gpus),
        LocalFaults.fromSettings(settings),
        Duration.ofSeconds(timeout),
        noticeUrl(settings.get("noticeUrl")),
        integer(settings, "imdsPort", 80),
        bool(settings, "checkController", true),
        confServer(settings.get("confServer")));
  }

  private static String confServer(Object value) {
    if (value == null) {
      return "";
    }
    if (!(value instanceof String s)) {
      throw new IllegalArgumentException("confServer must be host:port, got " + value);
    }
    return dev.stratus.bootstrap.AgentSettings.checkConfServer(s);
  }

  private static boolean bool(Map<String, Object> map, String key, boolean fallback) {
    Object v = map.get(key);
    if (v == null) {
      return fallback;
    }
    if (v instanceof Boolean b) {
      return b;
    }
    throw new IllegalArgumentException(key + " must be true or false, got " + v);
  }

  private static Optional<URI> noticeUrl(Object value) {
    if (value == null) {
      return Optional.empty();
    }
    URI uri;
    try {
      uri = new URI(String.valueOf(value));
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "noticeUrl '" + value + "' is not a URL: " + e.getMessage());
    }
    if (!"http".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 1) {
      throw new IllegalArgumentException(
          "noticeUrl '" + value + "' must be http://HOST:PORT/PATH (the controller's spot.listen)");
    }
    return Optional.of(uri);
  }

  private static List<Offering> offerings(Object value, int gpus) {
    if (value == null) {
      return List.of();
    }
    if (!(value instanceof List<?> list)) {
      throw new IllegalArgumentException("offerings must be a list, got " + value);
    }
    List<Offering> result = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      if (!(list.get(i) instanceof Map<?, ?> raw)) {
        throw new IllegalArgumentException(
            "offerings[" + i + "] must be a map, got " + list.get(i));
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> o = (Map<String, Object>) raw;
      try {
        OfferingKey key =
            new OfferingKey(
                PROVIDER,
                String.valueOf(o.getOrDefault("region", "local")),
                String.valueOf(o.getOrDefault("zone", "")),
                (String) o.get("instanceType"),
                CapacityType.valueOf(
                    String.valueOf(o.getOrDefault("capacityType", "ON_DEMAND"))
                        .toUpperCase(Locale.ROOT)
                        .replace('-', '_')));
        result.add(
            new Offering(
                key,
                (String) o.get("gpuModel"),
                integer(o, "gpusPerNode", gpus),
                integer(o, "cpus", 8),
                integer(o, "memoryMiB", 64000),
                new BigDecimal(String.valueOf(o.getOrDefault("pricePerHour", "0")))));
      } catch (IllegalArgumentException | ClassCastException e) {
        throw new IllegalArgumentException("offerings[" + i + "]: " + e.getMessage(), e);
      }
    }
    return result;
  }

  private static int integer(Map<String, Object> map, String key, int fallback) {
    Object v = map.get(key);
    if (v == null) {
      return fallback;
    }
    if (v instanceof Integer n) {
      return n;
    }
    throw new IllegalArgumentException(key + " must be an integer, got " + v);
  }
}
