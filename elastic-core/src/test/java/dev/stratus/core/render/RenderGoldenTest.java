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
  void includeMergedWithASitesSlurmConfMatchesItsGoldenFile() throws IOException {
    SiteSlurmConf site = SiteSlurmConf.read(Path.of("src/test/resources/render/site-slurm.conf"));

    Golden.assertMatches(
        "stratus-slurm-merged.conf", SlurmConfigWriter.renderInclude(CONFIG, site));
  }

  @Test
  void whatTheIncludeChangesInASitesSlurmConfMatchesItsGoldenFile() throws IOException {
    IncludeMerge ok =
        SlurmConfigWriter.check(CONFIG, Path.of("src/test/resources/render/site-slurm.conf"));
    IncludeMerge conflicts =
        SlurmConfigWriter.check(
            CONFIG, Path.of("src/test/resources/render/site-slurm-conflicts.conf"));

    Golden.assertMatches("config-check.txt", lines(ok));
    Golden.assertMatches("config-check-conflicts.txt", lines(conflicts));
  }

  static String lines(IncludeMerge merge) {
    StringBuilder out = new StringBuilder();
    merge.findings().forEach(f -> out.append(f).append('\n'));
    return out.toString();
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
