package dev.stratus.core.config;

import static dev.stratus.api.model.Checks.notNull;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The controller's own secrets and its endpoint's transport (stratus.yaml {@code controller:}).
 *
 * @param secretFile 32 random bytes (mode 0400) every node's signing key and the operator's are
 *     derived from; created on the controller's first start when missing. Default {@code
 *     <stateDir>/keys/controller.secret}
 * @param tls the endpoint's certificate; empty: plain HTTP (then keep {@code spot.listen} on a
 *     private network)
 * @param metricsTokenFile a file holding the bearer token {@code GET /metrics} then demands; empty:
 *     metrics stay open, as Prometheus expects
 * @param standby a second controller's lease and Slurm role; empty: this controller acts alone
 */
public record ControllerSettings(
    Path secretFile,
    Optional<Tls> tls,
    Optional<Path> metricsTokenFile,
    Optional<StandbySettings> standby) {
  public ControllerSettings {
    notNull("controller.secretFile", secretFile);
    tls = tls == null ? Optional.empty() : tls;
    metricsTokenFile = metricsTokenFile == null ? Optional.empty() : metricsTokenFile;
    standby = standby == null ? Optional.empty() : standby;
  }

  /** A controller acting alone. */
  public ControllerSettings(Path secretFile, Optional<Tls> tls, Optional<Path> metricsTokenFile) {
    this(secretFile, tls, metricsTokenFile, Optional.empty());
  }

  /** The defaults for a controller whose scratch is {@code stateDir}. */
  public static ControllerSettings defaults(Path stateDir) {
    return new ControllerSettings(
        stateDir.resolve("keys").resolve("controller.secret"), Optional.empty(), Optional.empty());
  }

  /** Where the endpoint's certificate and private key are. */
  public sealed interface Tls {
    /** A PEM certificate chain and its PEM (PKCS#8) private key. */
    record Pem(Path certFile, Path keyFile) implements Tls {
      public Pem {
        notNull("controller.tls.certFile", certFile);
        notNull("controller.tls.keyFile", keyFile);
      }
    }

    /** A PKCS#12 key store and a file holding its password. */
    record Pkcs12(Path keyStoreFile, Path passwordFile) implements Tls {
      public Pkcs12 {
        notNull("controller.tls.keyStoreFile", keyStoreFile);
        notNull("controller.tls.keyStorePasswordFile", passwordFile);
      }
    }
  }
}
