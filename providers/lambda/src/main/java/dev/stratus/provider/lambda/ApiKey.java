package dev.stratus.provider.lambda;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The Lambda Cloud API key, read from a file (one line; preferred: 0400, owned by the controller's
 * user) or from an environment variable of the controller, never from stratus.yaml or a command
 * line. {@link #toString} hides it; only {@link LambdaClient} puts it into a header.
 */
final class ApiKey {
  private final String value;
  private final String source;

  private ApiKey(String value, String source) {
    this.value = value;
    this.source = source;
  }

  static ApiKey read(Optional<Path> file, String envVar, Map<String, String> env, String where) {
    if (file.isPresent()) {
      try {
        String key = Files.readString(file.get(), StandardCharsets.UTF_8).strip();
        if (key.isEmpty() || key.contains("\n")) {
          throw new IllegalArgumentException(
              where + ".apiKeyFile " + file.get() + " must hold the API key on one line");
        }
        return new ApiKey(key, "file " + file.get());
      } catch (IOException e) {
        throw new IllegalArgumentException(
            where + ".apiKeyFile: cannot read " + file.get() + ": " + e.getClass().getSimpleName(),
            e);
      }
    }
    String key = env.get(envVar);
    if (key == null || key.isBlank()) {
      throw new IllegalArgumentException(
          where
              + ": no API key: set apiKeyFile, or the environment variable "
              + envVar
              + " of the controller");
    }
    return new ApiKey(key.strip(), "environment variable " + envVar);
  }

  String value() {
    return value;
  }

  @Override
  public String toString() {
    return "ApiKey[from " + source + ", value hidden]";
  }
}
