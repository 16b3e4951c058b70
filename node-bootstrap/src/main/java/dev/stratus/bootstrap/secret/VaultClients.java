package dev.stratus.bootstrap.secret;

import io.github.jopenlibs.vault.EnvironmentLoader;
import io.github.jopenlibs.vault.SslConfig;
import io.github.jopenlibs.vault.Vault;
import io.github.jopenlibs.vault.VaultConfig;
import io.github.jopenlibs.vault.VaultException;

/**
 * Builds driver clients for one {@link KeySourceSpec.VaultSource}: KV engine version 2, the
 * configured timeouts, no retries (a failed step is reported, not repeated: a wrapping token works
 * only once anyway), and nothing read from the environment ({@code VAULT_TOKEN} and friends are
 * ignored, so only what the settings say is used).
 */
final class VaultClients {
  /** The driver reads VAULT_ADDR, VAULT_TOKEN, ... from the environment unless told otherwise. */
  private static final EnvironmentLoader NO_ENVIRONMENT =
      new EnvironmentLoader() {
        private static final long serialVersionUID = 1L;

        @Override
        public String loadVariable(String name) {
          return null;
        }
      };

  private final KeySourceSpec.VaultSource spec;

  VaultClients(KeySourceSpec.VaultSource spec) {
    this.spec = spec;
  }

  /** A client with {@code token} ({@code null}: unauthenticated, for unwrap and login). */
  Vault client(String token) throws KeySourceException {
    try {
      VaultConfig config =
          new VaultConfig()
              .environmentLoader(NO_ENVIRONMENT)
              .address(spec.baseAddress())
              .openTimeout(seconds())
              .readTimeout(seconds())
              .engineVersion(2)
              .prefixPathDepth(spec.kvMount().split("/").length);
      if (token != null) {
        config.token(token);
      }
      if (spec.caCertFile().isPresent()) {
        config.sslConfig(new SslConfig().pemFile(spec.caCertFile().get().toFile()).build());
      }
      return Vault.create(config.build());
    } catch (VaultException e) {
      throw new KeySourceException(
          "vault client for "
              + spec.baseAddress()
              + " cannot be set up"
              + spec.caCertFile().map(p -> " (CA file " + p + ")").orElse("")
              + ": "
              + e.getClass().getSimpleName());
    }
  }

  int seconds() {
    return (int) Math.min(Integer.MAX_VALUE, spec.timeout().toSeconds());
  }

  KeySourceSpec.VaultSource spec() {
    return spec;
  }
}
