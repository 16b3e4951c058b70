package dev.stratus.core.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.core.config.ConfigException;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Configless nodes ({@code bootstrap.confServer}, or the local provider's {@code confServer}): the
 * nodes' agent settings name the server instead of a slurm.conf, and the include lets slurmctld
 * serve its files ({@code enable_configless}).
 */
class ConfiglessRenderTest {
  @TempDir Path dir;

  LoadedConfig load(String from, String to) throws IOException {
    Path yaml = dir.resolve("stratus.yaml");
    String text = Files.readString(CloudInitTest.INPUT);
    Files.writeString(yaml, text.replace(from, to));
    return ConfigLoader.loadAll(yaml, DeclaredKeysProviders.ALL);
  }

  LoadedConfig configless() throws IOException {
    return load("  noticeUrl:", "  confServer: 10.0.0.5:6817\n  noticeUrl:");
  }

  @Test
  void configlessNodesGetTheServerInsteadOfASlurmConf() throws IOException {
    LoadedConfig loaded = configless();

    String json =
        CloudInitViews.of(loaded.config(), loaded.bootstrap().orElseThrow())
            .get("aws")
            .pools()
            .get(0)
            .json();

    JsonNode settings = new ObjectMapper().readTree(json);
    assertThat(settings.path("confServer").asText()).isEqualTo("10.0.0.5:6817");
    assertThat(settings.has("slurmConf")).isFalse();
  }

  @Test
  void slurmctldServesItsFilesWhenTheNodesAreConfigless() throws IOException {
    assertThat(SlurmConfigWriter.renderInclude(configless()))
        .contains(
            "SlurmctldParameters=idle_on_node_suspend,cloud_reg_addrs,enable_configless,"
                + "node_reg_mem_percent=100\n");
    assertThat(SlurmConfigWriter.renderInclude(load("", "")))
        .contains(
            "SlurmctldParameters=idle_on_node_suspend,cloud_reg_addrs,node_reg_mem_percent=100\n");
  }

  @Test
  void localConfiglessNodesAlsoTurnOnEnableConfiglessButOnlyOnce() throws IOException {
    LoadedConfig loaded =
        load(
            "providers:\n",
            "powerSave: {slurmctldParameters: [enable_configless]}\n"
                + "providers:\n  local: {confServer: \"10.77.0.1:6817\"}\n");

    assertThat(SlurmConfigWriter.renderInclude(loaded))
        .contains("SlurmctldParameters=enable_configless,node_reg_mem_percent=100\n");
  }

  @Test
  void slurmConfAndConfServerTogetherAreRefusedAtConfServer() throws IOException {
    ConfigException e =
        catchThrowableOfType(
            ConfigException.class,
            () ->
                load(
                    "  noticeUrl:",
                    "  slurmConf: /etc/slurm/slurm.conf\n  confServer: ctl\n  noticeUrl:"));

    assertThat(e.fieldPath()).isEqualTo("bootstrap.confServer");
    assertThat(e.problem()).contains("not both");
  }

  @Test
  void aConfServerThatIsNoHostAndPortIsRefusedSayingWhatItMustBe() throws IOException {
    ConfigException e =
        catchThrowableOfType(
            ConfigException.class,
            () -> load("  noticeUrl:", "  confServer: \"http://ctl:6817\"\n  noticeUrl:"));

    assertThat(e.fieldPath()).isEqualTo("bootstrap.confServer");
    assertThat(e.problem()).contains("must be host[:port] of slurmctld");
  }
}
