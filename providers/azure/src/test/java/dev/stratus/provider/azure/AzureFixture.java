package dev.stratus.provider.azure;

import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Tags;
import dev.stratus.api.resilience.ResilienceSettings;
import dev.stratus.api.spi.BootstrapSettings;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.ProviderContext;
import dev.stratus.testkit.azure.ArmModel;
import dev.stratus.testkit.azure.ArmServer;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** A model of one resource group plus the provider settings that point at it. */
public final class AzureFixture implements AutoCloseable {
  public static final String SUBSCRIPTION = "5f0c8b9a-0000-4000-8000-000000000001";
  public static final String GROUP = "stratus-test";
  public static final String LOCATION = "eastus";
  public static final String SUBNET =
      "/subscriptions/"
          + SUBSCRIPTION
          + "/resourceGroups/net-rg/providers/Microsoft.Network"
          + "/virtualNetworks/gpu-vnet/subnets/nodes";
  public static final String H100 = "Standard_ND96isr_H100_v5";
  public static final String A100 = "Standard_NC24ads_A100_v4";

  public final ArmModel model;
  public final ArmServer server;

  public AzureFixture() {
    this(Clock.systemUTC());
  }

  /** The model on {@code clock}: Block reservations open and close by it. */
  public AzureFixture(Clock clock) {
    this.model = new ArmModel(SUBSCRIPTION, GROUP, LOCATION, SUBNET, Set.of(H100, A100), clock);
    this.server = new ArmServer(model);
  }

  /** Settings for the provider: one spot H100 offering in zone 1, one on-demand A100 regional. */
  public Map<String, Object> settings() {
    Map<String, Object> s = new HashMap<>();
    s.put("subscriptionId", SUBSCRIPTION);
    s.put("resourceGroup", GROUP);
    s.put("location", LOCATION);
    s.put("subnetId", SUBNET);
    s.put("image", "microsoft-dsvm:ubuntu-hpc:2204:latest");
    s.put("sshPublicKey", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIStratusTestKeyOnly stratus@test");
    s.put("userData", "#!/bin/sh\necho join\n");
    s.put("customData", "#cloud-config\nruncmd: [echo hi]\n");
    s.put("endpoint", server.baseUrl());
    s.put("pollIntervalMillis", 20);
    s.put(
        "offerings",
        List.of(
            Map.of("instanceType", H100, "zone", "1", "capacityType", "spot", "pricePerHour", 30),
            Map.of("instanceType", A100, "capacityType", "on-demand")));
    return s;
  }

  public AzureNodeProvider provider(String cluster) {
    return provider(cluster, settings());
  }

  public AzureNodeProvider provider(String cluster, Map<String, Object> settings) {
    return provider(cluster, settings, Clock.systemUTC());
  }

  public AzureNodeProvider provider(String cluster, Map<String, Object> settings, Clock clock) {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    var bootstrap =
        new BootstrapSettings(
            tmp.resolve("slurm.conf"), tmp, tmp.resolve("munge.key"), tmp.resolve("munge.sock"));
    var ctx = new ProviderContext(cluster, settings, tmp, bootstrap, clock);
    return new AzureNodeProvider(ctx, ResilienceSettings.fast(), ArmConnections.connection());
  }

  /** A launch for cluster {@code az} with a fresh client token, tagged as the controller tags. */
  public static LaunchRequest request(Offering offering, List<String> nodes, boolean allOrNothing) {
    String token = UUID.randomUUID().toString();
    return new LaunchRequest(
        "az",
        "gpu",
        offering,
        nodes,
        token,
        Map.of(Tags.CLUSTER, "az", Tags.POOL, "gpu", Tags.TOKEN, token),
        allOrNothing);
  }

  @Override
  public void close() {
    server.close();
  }
}
