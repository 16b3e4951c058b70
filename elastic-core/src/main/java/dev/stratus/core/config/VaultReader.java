package dev.stratus.core.config;

import dev.stratus.api.spi.VaultSettings;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Optional;

/**
 * Reads the optional {@code vault:} section: where nodes get the munge key (see {@link
 * VaultSettings}). Defaults: {@code kvMount} secret, {@code field} key, {@code authMount} approle,
 * {@code wrapTtl} 5m, {@code timeout} 10s; {@code roleName} and {@code roleId} none (needed only
 * for AppRole nodes).
 */
final class VaultReader {
  private VaultReader() {}

  static Optional<VaultSettings> read(Fields root) {
    return root.section(
            "vault",
            "address",
            "caCertFile",
            "timeout",
            "kvMount",
            "kvPath",
            "field",
            "authMount",
            "roleName",
            "roleId",
            "controllerTokenFile",
            "wrapTtl")
        .map(
            f ->
                ConfigLoader.build(
                    f,
                    () ->
                        new VaultSettings(
                            uri(f, f.string("address")),
                            f.node("caCertFile").map(n -> f.path("caCertFile", null)),
                            ConfigLoader.positive(f, "timeout", Duration.ofSeconds(10)),
                            f.string("kvMount", "secret"),
                            f.string("kvPath"),
                            f.string("field", "key"),
                            f.string("authMount", "approle"),
                            f.string("roleName", ""),
                            f.string("roleId", ""),
                            f.path("controllerTokenFile", null),
                            f.check(
                                "wrapTtl",
                                ConfigLoader.positive(f, "wrapTtl", Duration.ofMinutes(5)),
                                VaultReader::atMostTenMinutes))));
  }

  private static void atMostTenMinutes(String key, Duration d) {
    if (d.compareTo(VaultSettings.MAX_WRAP_TTL) > 0) {
      throw new IllegalArgumentException(
          "must be at most 10m (the wrapping token is a bootstrap credential, good for minutes),"
              + " got "
              + d.toSeconds()
              + "s");
    }
  }

  private static URI uri(Fields f, String text) {
    try {
      URI u = new URI(text);
      if (u.getRawPath() != null && !u.getRawPath().isEmpty() && !u.getRawPath().equals("/")) {
        throw f.error("address", "must not have a path (Stratus adds /v1/...), got '" + text + "'");
      }
      return u;
    } catch (URISyntaxException e) {
      throw f.error("address", "is not a URL: " + e.getReason() + " at index " + e.getIndex());
    }
  }
}
