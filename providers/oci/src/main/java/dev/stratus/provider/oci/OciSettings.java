package dev.stratus.provider.oci;

import dev.stratus.api.catalog.PriceTable;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.NodeUserData;
import dev.stratus.api.spi.SettingKeys;
import dev.stratus.api.spi.SettingsReader;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code providers.oci} block, validated (see the module README for an example):
 *
 * <ul>
 *   <li>{@code region}, {@code compartmentId}, {@code subnetId}, {@code imageId} (required): where
 *       instances go, their primary VNIC's subnet and the boot image (GPU drivers, cloud-init).
 *   <li>{@code offerings}: see {@link OciOfferings}.
 *   <li>{@code userDataFile}: cloud-init user-data sent base64 in {@code metadata.user_data}; it
 *       may hold the per-node wrapping-token slot (one LaunchInstance per node).
 *   <li>{@code sshAuthorizedKeys}, {@code bootVolumeSizeGb} (50..32768).
 *   <li>{@code computeClusters} (default true): a multi-node launch of a shape that joins compute
 *       clusters gets one of its own (one RDMA network). {@code hostCompartmentId}: where the
 *       compute hosts are listed for placement; OCI keeps them in the root compartment, so this is
 *       the tenancy OCID (default {@code compartmentId}, which gives no placement unless it is the
 *       root).
 *   <li>{@code auth}: see {@link OciAuth}; {@code pageSize} (1..1000, default 100), {@code
 *       callTimeoutSeconds} (default 60), {@code launchMemorySeconds} (default 600: how long the
 *       provider adds its own launches to {@code list} while OCI's list may not show them yet),
 *       {@code endpoint} (tests; production leaves it unset), {@code pricesEndpoint} (the public
 *       price list's URL; tests).
 * </ul>
 */
record OciSettings(
    String region,
    String compartmentId,
    String subnetId,
    String imageId,
    List<Offering> offerings,
    Map<String, OciOfferings.Extra> extras,
    Optional<String> userData,
    Optional<String> sshAuthorizedKeys,
    Optional<Long> bootVolumeSizeGb,
    boolean computeClusters,
    String hostCompartmentId,
    OciAuth auth,
    int pageSize,
    Duration callTimeout,
    Duration launchMemory,
    Optional<URI> endpoint,
    URI pricesEndpoint) {
  static final String PROVIDER = "oci";

  /** OCI's limit on metadata and extendedMetadata together (LaunchInstanceDetails). */
  static final int METADATA_LIMIT = 32_000;

  static final SettingKeys KEYS =
      SettingKeys.of(
              "region",
              "compartmentId",
              "subnetId",
              "imageId",
              "offerings",
              "userDataFile",
              "sshAuthorizedKeys",
              "bootVolumeSizeGb",
              "computeClusters",
              "hostCompartmentId",
              "auth",
              "pageSize",
              "callTimeoutSeconds",
              "launchMemorySeconds",
              "endpoint",
              "pricesEndpoint")
          .with("offerings", OciOfferings.KEYS)
          .with("auth", OciAuth.KEYS);

  OciSettings {
    offerings = List.copyOf(offerings);
    extras = Map.copyOf(extras);
  }

  static OciSettings parse(Map<String, Object> raw, PriceTable prices) {
    SettingsReader s = SettingsReader.of(PROVIDER, KEYS, raw);
    String region = s.requiredString("region");
    String compartment = compartment(s, "compartmentId", s.requiredString("compartmentId"));
    OciOfferings offerings = OciOfferings.parse(s, region, prices);
    return new OciSettings(
        region,
        compartment,
        ocid(s, "subnetId", "subnet"),
        ocid(s, "imageId", "image"),
        offerings.offerings(),
        offerings.extras(),
        s.string("userDataFile").map(f -> userData(s.name("userDataFile"), Path.of(f))),
        s.string("sshAuthorizedKeys"),
        s.longInteger("bootVolumeSizeGb", 50, 32768),
        s.bool("computeClusters", true),
        s.string("hostCompartmentId")
            .map(c -> compartment(s, "hostCompartmentId", c))
            .orElse(compartment),
        OciAuth.parse(s.block("auth"), s.name("auth")),
        s.integer("pageSize", 100, 1, 1000),
        Duration.ofSeconds(s.integer("callTimeoutSeconds", 60, 1, 3600)),
        Duration.ofSeconds(s.integer("launchMemorySeconds", 600, 0, 86400)),
        s.string("endpoint").map(e -> endpoint(s.name("endpoint"), e)),
        s.string("pricesEndpoint")
            .map(e -> endpoint(s.name("pricesEndpoint"), e))
            .orElse(OciPriceList.PUBLIC));
  }

  /** What an offering launches with beyond its key: its reservation, if any. */
  OciOfferings.Extra extra(Offering offering) {
    return extras.getOrDefault(offering.key().toString(), OciOfferings.Extra.NONE);
  }

  /**
   * The reservations the configured (on-demand) offerings launch into with {@code
   * capacityReservationId}: their instances belong to those offerings, not to a reserved one.
   */
  Set<String> offeringReservations() {
    Set<String> ids = new HashSet<>();
    extras.values().forEach(e -> e.capacityReservationId().ifPresent(ids::add));
    return ids;
  }

  boolean wantsCredential() {
    return userData.map(NodeUserData::wantsCredential).orElse(false);
  }

  /** A compartment OCID, or the tenancy's: the root compartment. */
  private static String compartment(SettingsReader s, String key, String v) {
    if (!v.startsWith("ocid1.compartment.") && !v.startsWith("ocid1.tenancy.")) {
      throw s.error(
          key,
          "must be a compartment OCID (ocid1.compartment.…) or the tenancy's (ocid1.tenancy.…: the"
              + " root compartment), got "
              + v);
    }
    return v;
  }

  /** True for the tenancy's OCID: the root compartment, where OCI lists compute hosts. */
  boolean hostsInRoot() {
    return hostCompartmentId.startsWith("ocid1.tenancy.");
  }

  private static String ocid(SettingsReader s, String key, String kind) {
    String v = s.requiredString(key);
    if (!v.startsWith("ocid1." + kind + ".")) {
      throw s.error(key, "must be a " + kind + " OCID (ocid1." + kind + ".…), got " + v);
    }
    return v;
  }

  private static String userData(String key, Path file) {
    try {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      int encoded = 4 * ((text.getBytes(StandardCharsets.UTF_8).length + 2) / 3);
      if (encoded > METADATA_LIMIT) {
        throw new IllegalArgumentException(
            key
                + ": "
                + file
                + " is "
                + encoded
                + " bytes base64-encoded; OCI takes at most 32000 bytes of instance metadata");
      }
      return text;
    } catch (IOException e) {
      throw new IllegalArgumentException(key + ": cannot read " + file + ": " + e, e);
    }
  }

  private static URI endpoint(String key, String value) {
    URI uri = URI.create(value);
    if (uri.getScheme() == null || uri.getHost() == null) {
      throw new IllegalArgumentException(key + " must be an absolute URL, got " + value);
    }
    return uri;
  }
}
