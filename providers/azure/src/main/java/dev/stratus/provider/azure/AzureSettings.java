package dev.stratus.provider.azure;

import dev.stratus.api.spi.SettingKeys;
import dev.stratus.api.spi.SettingsReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The {@code providers.azure} block of stratus.yaml, validated. Keys:
 *
 * <ul>
 *   <li>{@code subscriptionId}, {@code resourceGroup}, {@code location} (e.g. {@code eastus}):
 *       required; every VM, NIC, disk and proximity placement group lives in that group.
 *   <li>{@code subnetId}: required, the ARM id of the subnet the NICs join ({@code
 *       /subscriptions/../virtualNetworks/<vnet>/subnets/<name>}); Azure subnets span all zones.
 *   <li>{@code image}: required, a marketplace URN {@code publisher:offer:sku:version} or an image
 *       / gallery image version ARM id.
 *   <li>{@code sshPublicKey}: required (password log-in is disabled); {@code adminUsername}
 *       (default {@code stratus}).
 *   <li>{@code userData}, {@code customData}: optional plain text passed through base64-encoded
 *       (cloud-init reads customData; userData stays readable through IMDS).
 *   <li>{@code offerings}: list of {@code {instanceType, zone, capacityType, pricePerHour, ...}},
 *       see {@link AzureOfferings}.
 *   <li>{@code spotMaxPrice} (default {@code -1}: pay up to the on-demand price, evicted only for
 *       capacity), {@code osDiskSizeGb}, {@code acceleratedNetworking} (default true).
 *   <li>{@code endpoint}: Resource Manager URL override (tests); default the public cloud.
 *   <li>{@code tenantId} + {@code clientId} + {@code clientSecretFile}: an explicit service
 *       principal (the file holds the secret, so it is never in the config, argv or a log); all
 *       three or none. None: {@code DefaultAzureCredential} (managed identity on the controller).
 *   <li>{@code pricesEndpoint}: the Retail Prices API (tests point it at a model).
 *   <li>{@code pollIntervalMillis} (default 5000, used only when ARM sends no Retry-After), {@code
 *       launchTimeoutSeconds} (default 900).
 *   <li>{@code maxRetryAfterSeconds} (default 60): the longest {@code Retry-After} of a throttled
 *       answer or operation poll that a call waits for; a longer one defers the work to a later
 *       pass.
 *   <li>{@code powerStateChecksPerList} (default 10): how many VMs' power state each {@code list}
 *       reads (ARM lists VMs without it), oldest check first, so that a stopped or deallocated VM
 *       is found within (VMs / this) lists.
 * </ul>
 *
 * Unknown keys are refused so that a typo is not silently ignored.
 */
public record AzureSettings(
    String subscriptionId,
    String resourceGroup,
    String location,
    String subnetId,
    String image,
    String adminUsername,
    String sshPublicKey,
    Optional<String> userDataBase64,
    Optional<String> customDataBase64,
    double spotMaxPrice,
    Optional<Integer> osDiskSizeGb,
    boolean acceleratedNetworking,
    URI endpoint,
    Optional<ServicePrincipal> servicePrincipal,
    Duration pollInterval,
    Duration launchTimeout,
    Optional<Duration> maxRetryAfter,
    int powerStateChecksPerList) {
  public static final URI PUBLIC_CLOUD = URI.create("https://management.azure.com/");

  /** An explicit service principal; the secret is read from a file when the client is built. */
  public record ServicePrincipal(String tenantId, String clientId, String clientSecretFile) {
    @Override
    public String toString() {
      return "ServicePrincipal[tenantId=" + tenantId + ", clientId=" + clientId + "]";
    }
  }

  static final SettingKeys KEYS =
      SettingKeys.of(
              "subscriptionId",
              "resourceGroup",
              "location",
              "subnetId",
              "image",
              "adminUsername",
              "sshPublicKey",
              "userData",
              "customData",
              "offerings",
              "spotMaxPrice",
              "osDiskSizeGb",
              "acceleratedNetworking",
              "endpoint",
              "tenantId",
              "clientId",
              "clientSecretFile",
              "pollIntervalMillis",
              "launchTimeoutSeconds",
              "maxRetryAfterSeconds",
              "powerStateChecksPerList",
              "pricesEndpoint")
          .with("offerings", AzureOfferings.KEYS);

  /**
   * {@code pricesEndpoint}: the Retail Prices API (default the public one); an override is for a
   * model of it in tests.
   */
  static URI pricesEndpoint(Map<String, Object> raw) {
    SettingsReader r = reader(raw);
    return r.string("pricesEndpoint")
        .map(
            text -> {
              URI uri = URI.create(text);
              if (uri.getHost() == null
                  || !("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))) {
                throw new IllegalArgumentException(
                    r.name("pricesEndpoint") + " must be an http(s) URL, got '" + text + "'");
              }
              return uri;
            })
        .orElse(AzureRetailPrices.PUBLIC);
  }

  private static final Pattern RESOURCE_GROUP = Pattern.compile("[-\\w._()]{1,90}");
  private static final Pattern LOCATION = Pattern.compile("[a-z][a-z0-9]{1,40}");
  private static final Pattern SUBNET =
      Pattern.compile(
          "(?i)/subscriptions/[^/]+/resourceGroups/[^/]+/providers/Microsoft\\.Network"
              + "/virtualNetworks/[^/]+/subnets/[^/]+");
  private static final Pattern URN = Pattern.compile("[^:\\s]+:[^:\\s]+:[^:\\s]+:[^:\\s]+");

  public AzureSettings {
    if (!RESOURCE_GROUP.matcher(resourceGroup).matches() || resourceGroup.endsWith(".")) {
      throw new IllegalArgumentException(
          "resourceGroup '" + resourceGroup + "' is not a valid resource group name");
    }
    if (!LOCATION.matcher(location).matches()) {
      throw new IllegalArgumentException(
          "location '" + location + "' must be an Azure region name such as eastus");
    }
    if (!SUBNET.matcher(subnetId).matches()) {
      throw new IllegalArgumentException(
          "subnetId '"
              + subnetId
              + "' must be a subnet ARM id"
              + " (/subscriptions/../providers/Microsoft.Network/virtualNetworks/../subnets/..)");
    }
    if (!URN.matcher(image).matches() && !image.toLowerCase().startsWith("/subscriptions/")) {
      throw new IllegalArgumentException(
          "image '" + image + "' must be publisher:offer:sku:version or an image ARM id");
    }
    if (spotMaxPrice != -1 && spotMaxPrice <= 0) {
      throw new IllegalArgumentException(
          "spotMaxPrice must be -1 (up to on-demand) or > 0, got " + spotMaxPrice);
    }
    if (!"https".equals(endpoint.getScheme())) {
      throw new IllegalArgumentException(
          "endpoint '" + endpoint + "' must be https (bearer tokens are never sent in clear)");
    }
  }

  /** Parses and checks the block; {@link IllegalArgumentException} names the bad key. */
  public static AzureSettings parse(Map<String, Object> raw) {
    SettingsReader r = reader(raw);
    Optional<String> tenant = r.string("tenantId");
    Optional<String> client = r.string("clientId");
    Optional<String> secretFile = r.string("clientSecretFile");
    int given = (tenant.isPresent() ? 1 : 0) + (client.isPresent() ? 1 : 0);
    given += secretFile.isPresent() ? 1 : 0;
    if (given != 0 && given != 3) {
      throw new IllegalArgumentException(
          "providers.azure: tenantId, clientId and clientSecretFile go together (all or none)");
    }
    Optional<ServicePrincipal> sp =
        given == 3
            ? Optional.of(new ServicePrincipal(tenant.get(), client.get(), secretFile.get()))
            : Optional.empty();
    return new AzureSettings(
        r.requiredString("subscriptionId"),
        r.requiredString("resourceGroup"),
        r.requiredString("location"),
        r.requiredString("subnetId"),
        r.requiredString("image"),
        r.string("adminUsername", "stratus"),
        r.requiredString("sshPublicKey"),
        r.text("userData").map(AzureSettings::base64),
        r.text("customData").map(AzureSettings::base64),
        r.number("spotMaxPrice", -1),
        r.integer("osDiskSizeGb", 30, 32767),
        r.bool("acceleratedNetworking", true),
        r.string("endpoint").map(URI::create).orElse(PUBLIC_CLOUD),
        sp,
        Duration.ofMillis(r.integer("pollIntervalMillis", 5000, 10, 600_000)),
        Duration.ofSeconds(r.integer("launchTimeoutSeconds", 900, 30, 7200)),
        r.integer("maxRetryAfterSeconds", 1, 3600).map(Duration::ofSeconds),
        r.integer("powerStateChecksPerList", 10, 0, 1000));
  }

  /** The block's reader: unknown keys, offerings' included, are refused here. */
  static SettingsReader reader(Map<String, Object> raw) {
    return SettingsReader.of(AzureOfferings.PROVIDER, KEYS, raw);
  }

  private static String base64(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }
}
