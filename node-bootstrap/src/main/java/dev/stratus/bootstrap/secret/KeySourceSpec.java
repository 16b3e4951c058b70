package dev.stratus.bootstrap.secret;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which munge key source the agent uses, as the settings JSON names it ({@link KeySourceJson}). No
 * component's {@code toString} shows a credential: records print only where they point.
 */
public sealed interface KeySourceSpec {
  /** KV path segments: letters, digits, {@code _ - .} (not . or ..), joined by single slashes. */
  Pattern KV_PATH = Pattern.compile("[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*");

  /** The key in a 0400 file on this machine. */
  record FileSource(Path path) implements KeySourceSpec {
    public FileSource {
      if (path == null || !path.isAbsolute()) {
        throw new IllegalArgumentException(
            "mungeKeySource path must be an absolute path, got '" + path + "'");
      }
    }
  }

  /**
   * The key in Vault's KV v2 engine, stored base64-encoded under {@code field} of the secret at
   * {@code kvMount/kvPath} (read as {@code GET /v1/<kvMount>/data/<kvPath>}).
   *
   * @param caCertFile PEM bundle to trust for an https address; empty = the JVM's trust store
   * @param timeout connect and read timeout of each Vault request (whole seconds, >= 1)
   */
  record VaultSource(
      URI address,
      String kvMount,
      String kvPath,
      String field,
      VaultLogin login,
      Optional<Path> caCertFile,
      Duration timeout)
      implements KeySourceSpec {
    public VaultSource {
      if (address == null
          || !("http".equals(address.getScheme()) || "https".equals(address.getScheme()))
          || address.getHost() == null) {
        throw new IllegalArgumentException(
            "mungeKeySource.address must be an http(s) URL like https://vault:8200, got '"
                + address
                + "'");
      }
      if (address.getRawPath() != null
          && !address.getRawPath().isEmpty()
          && !address.getRawPath().equals("/")) {
        throw new IllegalArgumentException(
            "mungeKeySource.address must not have a path (the agent adds /v1/...), got '"
                + address
                + "'");
      }
      kvPath("kvMount", kvMount);
      kvPath("kvPath", kvPath);
      if (field == null || field.isBlank()) {
        throw new IllegalArgumentException("mungeKeySource.field must be set");
      }
      if (login == null) {
        throw new IllegalArgumentException("mungeKeySource.auth must be set");
      }
      caCertFile = caCertFile == null ? Optional.empty() : caCertFile;
      caCertFile.ifPresent(
          p -> {
            if (!p.isAbsolute()) {
              throw new IllegalArgumentException(
                  "mungeKeySource.caCertFile must be an absolute path, got '" + p + "'");
            }
          });
      if (timeout == null || timeout.toSeconds() < 1) {
        throw new IllegalArgumentException(
            "mungeKeySource.timeoutSeconds must be >= 1, got " + timeout);
      }
    }

    /** Vault's address without a trailing slash, as the driver wants it. */
    public String baseAddress() {
      String a = address.toString();
      return a.endsWith("/") ? a.substring(0, a.length() - 1) : a;
    }

    /** The KV v2 HTTP path of the secret, for messages: {@code <mount>/data/<path>}. */
    public String dataPath() {
      return kvMount + "/data/" + kvPath;
    }

    private static void kvPath(String field, String value) {
      if (value == null
          || !KV_PATH.matcher(value).matches()
          || Arrays.stream(value.split("/")).anyMatch(s -> s.equals(".") || s.equals(".."))) {
        throw new IllegalArgumentException(
            "mungeKeySource."
                + field
                + " must be a path like secret or slurm/munge, got '"
                + value
                + "'");
      }
    }
  }
}
