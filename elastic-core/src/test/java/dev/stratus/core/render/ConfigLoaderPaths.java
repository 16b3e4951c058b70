package dev.stratus.core.render;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/** Where the shipped example lives, seen from elastic-core's test working directory. */
final class ConfigLoaderPaths {
  static final Path EXAMPLE = Path.of("../config-templates/examples/stratus-local.yaml");

  private ConfigLoaderPaths() {}

  /**
   * The example copied into {@code dir} (made world-searchable, as slurmctld and munged need) and
   * loaded from there, so every relative path in it points into {@code dir}.
   */
  static LoadedConfig exampleIn(Path dir) throws IOException {
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path yaml = dir.resolve("stratus.yaml");
    Files.copy(EXAMPLE, yaml, StandardCopyOption.REPLACE_EXISTING);
    return ConfigLoader.loadAll(yaml, DeclaredKeysProviders.ALL);
  }
}
