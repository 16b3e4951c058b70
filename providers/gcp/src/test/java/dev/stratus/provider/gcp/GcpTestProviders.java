package dev.stratus.provider.gcp;

import dev.stratus.api.resilience.ResilienceSettings;
import dev.stratus.api.spi.BootstrapSettings;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.testkit.gcp.GceServer;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** GCP providers wired to a {@link GceServer}: no credentials, fast polls and retries. */
public final class GcpTestProviders {
  private GcpTestProviders() {}

  public static Map<String, Object> settings(GceServer server, boolean compactPlacement) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("project", GceServer.PROJECT);
    s.put("region", GceServer.REGION);
    s.put("endpoint", server.endpoint());
    s.put("noCredentials", true);
    s.put("operationPollMillis", 5);
    s.put("operationTimeoutSeconds", 20);
    s.put("compactPlacement", compactPlacement);
    s.put("startupScript", "#!/bin/sh\necho stratus\n");
    s.put(
        "offerings",
        List.of(
            Map.of(
                "zone",
                GceServer.ZONE,
                "machineType",
                "a3-highgpu-8g",
                "capacityType",
                "SPOT",
                "pricePerHour",
                "20.5"),
            Map.of("zone", GceServer.OTHER_ZONE, "machineType", "a2-highgpu-8g")));
    return s;
  }

  public static GcpNodeProvider create(GceServer server, boolean compactPlacement) {
    return create(settings(server, compactPlacement));
  }

  public static GcpNodeProvider create(Map<String, Object> settings) {
    return create(settings, Clock.systemUTC());
  }

  public static GcpNodeProvider create(Map<String, Object> settings, Clock clock) {
    return new GcpNodeProvider(context(settings, clock), ResilienceSettings.fast());
  }

  public static ProviderContext context(Map<String, Object> settings) {
    return context(settings, Clock.systemUTC());
  }

  public static ProviderContext context(Map<String, Object> settings, Clock clock) {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    return new ProviderContext(
        "contract",
        settings,
        tmp,
        new BootstrapSettings(
            tmp.resolve("slurm.conf"), tmp, tmp.resolve("munge.key"), tmp.resolve("munge.socket")),
        clock);
  }
}
