package dev.stratus.core.config;

import java.nio.file.Path;

/**
 * Reads the optional {@code controller:} block ({@link ControllerSettings}): {@code secretFile},
 * {@code tls} (either {@code certFile} + {@code keyFile}, or {@code keyStoreFile} + {@code
 * keyStorePasswordFile}), {@code metricsTokenFile} and {@code standby} ({@link StandbySettings}).
 */
final class ControllerReader {
  private ControllerReader() {}

  static ControllerSettings read(Fields root, Path stateDir, Path spoolDir) {
    ControllerSettings d = ControllerSettings.defaults(stateDir);
    return root.section("controller", "secretFile", "tls", "metricsTokenFile", "standby")
        .map(
            f ->
                new ControllerSettings(
                    f.path("secretFile", d.secretFile()),
                    f.section("tls", "certFile", "keyFile", "keyStoreFile", "keyStorePasswordFile")
                        .map(ControllerReader::tls),
                    f.node("metricsTokenFile").map(n -> f.path("metricsTokenFile", null)),
                    f.section("standby", "leaseDir", "leaseDuration", "renewEvery", "slurmctldHost")
                        .map(s -> standby(s, spoolDir))))
        .orElse(d);
  }

  private static StandbySettings standby(Fields s, Path spoolDir) {
    try {
      return new StandbySettings(
          s.path("leaseDir", spoolDir.resolve("lease")),
          s.duration("leaseDuration", StandbySettings.DEFAULT_LEASE),
          s.duration("renewEvery", StandbySettings.DEFAULT_RENEW),
          s.string("slurmctldHost", ThisHost.shortName()));
    } catch (IllegalArgumentException e) {
      throw s.error(e.getMessage());
    }
  }

  private static ControllerSettings.Tls tls(Fields t) {
    boolean pem = t.node("certFile").isPresent() || t.node("keyFile").isPresent();
    boolean pkcs12 =
        t.node("keyStoreFile").isPresent() || t.node("keyStorePasswordFile").isPresent();
    if (pem == pkcs12) {
      throw t.error(
          "give certFile and keyFile (PEM), or keyStoreFile and keyStorePasswordFile (PKCS#12)");
    }
    if (pem) {
      return new ControllerSettings.Tls.Pem(
          t.path("certFile", required(t, "certFile")), t.path("keyFile", required(t, "keyFile")));
    }
    return new ControllerSettings.Tls.Pkcs12(
        t.path("keyStoreFile", required(t, "keyStoreFile")),
        t.path("keyStorePasswordFile", required(t, "keyStorePasswordFile")));
  }

  /** The key must be there; {@code Fields.path} then never falls back to this. */
  private static Path required(Fields t, String key) {
    t.required(key);
    return null;
  }
}
