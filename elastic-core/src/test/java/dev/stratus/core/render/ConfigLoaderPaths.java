package dev.stratus.core.render;

import java.nio.file.Path;

/** Where the shipped example lives, seen from elastic-core's test working directory. */
final class ConfigLoaderPaths {
  static final Path EXAMPLE = Path.of("../config-templates/examples/stratus-local.yaml");

  private ConfigLoaderPaths() {}
}
