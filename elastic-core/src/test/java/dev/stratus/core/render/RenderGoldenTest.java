package dev.stratus.core.render;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class RenderGoldenTest {
  private static final LoadedConfig CONFIG =
      ConfigLoader.loadAll(
          Path.of("src/test/resources/render/golden.yaml"), DeclaredKeysProviders.ALL);

  @Test
  void includeMatchesItsGoldenFile() throws IOException {
    Golden.assertMatches("stratus-slurm.conf", SlurmConfigWriter.renderInclude(CONFIG));
  }

  @Test
  void gresConfMatchesItsGoldenFile() throws IOException {
    Golden.assertMatches("gres.conf", SlurmConfigWriter.renderGres(CONFIG));
  }

  @Test
  void embeddedBaseConfMatchesItsGoldenFile() throws IOException {
    EmbeddedSlurm embedded = EmbeddedSlurm.of(CONFIG.config(), "vm", "10.77.0.1", 6817);
    Golden.assertMatches("embedded-slurm.conf", SlurmConfigWriter.renderBase(embedded));
  }
}
