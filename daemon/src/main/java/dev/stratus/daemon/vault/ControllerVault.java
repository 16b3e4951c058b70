package dev.stratus.daemon.vault;

import dev.stratus.api.spi.NodeCredentials.CredentialException;
import dev.stratus.api.spi.VaultSettings;
import io.github.jopenlibs.vault.EnvironmentLoader;
import io.github.jopenlibs.vault.SslConfig;
import io.github.jopenlibs.vault.Vault;
import io.github.jopenlibs.vault.VaultConfig;
import io.github.jopenlibs.vault.VaultException;
import io.github.jopenlibs.vault.response.LogicalResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;

/**
 * The controller's Vault client: its token read from {@code controllerTokenFile} each time (so a
 * rotated token needs no restart), nothing read from the environment ({@code VAULT_TOKEN} is
 * ignored), no driver retries (the controller's next pass is the retry), and engine version 1 so
 * the driver leaves auth paths as they are (version 2 would insert {@code /data/}).
 */
final class ControllerVault {
  private static final EnvironmentLoader NO_ENVIRONMENT =
      new EnvironmentLoader() {
        private static final long serialVersionUID = 1L;

        @Override
        public String loadVariable(String name) {
          return null;
        }
      };

  private final VaultSettings settings;

  ControllerVault(VaultSettings settings) {
    this.settings = settings;
  }

  Vault client() throws CredentialException {
    int seconds = (int) Math.min(Integer.MAX_VALUE, settings.timeout().toSeconds());
    try {
      VaultConfig config =
          new VaultConfig()
              .environmentLoader(NO_ENVIRONMENT)
              .address(settings.baseAddress())
              .openTimeout(seconds)
              .readTimeout(seconds)
              .engineVersion(1)
              .token(token());
      if (settings.caCertFile().isPresent()) {
        config.sslConfig(new SslConfig().pemFile(settings.caCertFile().get().toFile()).build());
      }
      return Vault.create(config.build());
    } catch (VaultException e) {
      throw new CredentialException(
          "vault: client for " + settings.baseAddress() + " cannot be set up: " + e.getMessage(),
          false);
    }
  }

  private String token() throws CredentialException {
    byte[] raw = null;
    try {
      raw = Files.readAllBytes(settings.controllerTokenFile());
      String token = new String(raw, StandardCharsets.US_ASCII).strip();
      if (token.isEmpty()) {
        throw new CredentialException(
            "vault: controllerTokenFile " + settings.controllerTokenFile() + " is empty", false);
      }
      return token;
    } catch (IOException e) {
      throw new CredentialException(
          "vault: cannot read controllerTokenFile "
              + settings.controllerTokenFile()
              + ": "
              + e.getClass().getSimpleName(),
          false);
    } finally {
      if (raw != null) {
        Arrays.fill(raw, (byte) 0);
      }
    }
  }

  /**
   * A driver failure as the controller reports it: HTTP status and Vault's own error text (never a
   * token: Vault does not echo them), transient for no answer, 429, 5xx (503 = sealed).
   */
  CredentialException failure(String what, VaultException e) {
    int status = e.getHttpStatusCode();
    boolean transientFailure = status == 0 || status == 429 || status >= 500;
    String detail =
        status == 0
            ? "no answer from " + settings.baseAddress() + " (" + rootCause(e) + ")"
            : "HTTP " + status + " " + VaultErrors.of(e.getMessage());
    return new CredentialException("vault: cannot " + what + ": " + detail, transientFailure);
  }

  /**
   * The driver returns 4xx answers (other than 412) as responses, not exceptions: anything but 200
   * and 204 is turned into the same failure {@link #failure} makes.
   */
  void expectSuccess(String what, LogicalResponse r) throws CredentialException {
    int status = r.getRestResponse().getStatus();
    if (status == 200 || status == 204) {
      return;
    }
    byte[] body = r.getRestResponse().getBody();
    String text = body == null ? "" : new String(body, StandardCharsets.UTF_8);
    throw failure(what, new VaultException("Response body: " + text, status));
  }

  private static String rootCause(Throwable t) {
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
  }
}
