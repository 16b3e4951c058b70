package dev.stratus.core.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.stratus.api.spi.NodeCredential;
import dev.stratus.api.spi.NodeUserData;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.testing.DeclaredKeysProviders;
import dev.stratus.templates.CloudInitView;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cloud-init user-data per cloud: golden files, valid YAML and shell, and no secret in it. */
class CloudInitTest {
  static final Path INPUT = Path.of("src/test/resources/render/cloud-init.yaml");

  @TempDir Path dir;

  static Map<String, CloudInitView> views(Path yaml) {
    LoadedConfig loaded = ConfigLoader.loadAll(yaml, DeclaredKeysProviders.ALL);
    return CloudInitViews.of(loaded.config(), loaded.bootstrap().orElseThrow());
  }

  /** The input with AppRole instead of the clouds' identities. */
  Path approleInput() throws IOException {
    Path yaml = dir.resolve("approle.yaml");
    Files.writeString(
        yaml,
        Files.readString(INPUT)
                .replace(
                    "    role: stratus-node\n", "    auth: approle\n    roleId: 6f1c2c1e-node\n")
            + "vault:\n  address: https://vault.example.com:8200\n  kvPath: stratus/munge\n"
            + "  roleName: stratus-node\n  roleId: 6f1c2c1e-node\n"
            + "  controllerTokenFile: /etc/stratus/vault-token\n");
    return yaml;
  }

  static JsonNode yaml(String text) throws IOException {
    return new YAMLMapper().readTree(text);
  }

  static String fileContent(JsonNode cloudConfig, String path) {
    for (JsonNode f : cloudConfig.get("write_files")) {
      if (f.get("path").asText().equals(path)) {
        return f.get("content").asText();
      }
    }
    throw new AssertionError("no write_files entry for " + path);
  }

  @Test
  void eachCloudsUserDataMatchesItsGoldenFile() throws IOException {
    Map<String, CloudInitView> views = views(INPUT);

    assertThat(views).containsOnlyKeys("aws", "gcp", "azure");
    for (var e : views.entrySet()) {
      Golden.assertMatches(
          CloudInitWriter.fileName(e.getKey()), CloudInitWriter.render(e.getValue()));
    }
    Golden.assertMatches(
        "cloud-init-gcp-approle.yaml", CloudInitWriter.render(views(approleInput()).get("gcp")));
  }

  @Test
  void userDataIsCloudConfigWithTheAgentSettingsOfEveryPoolTheCloudServes() throws IOException {
    String aws = CloudInitWriter.render(views(INPUT).get("aws"));
    JsonNode doc = yaml(aws);

    assertThat(aws).startsWith("#cloud-config\n");
    assertThat(doc.get("runcmd").get(0).get(0).asText())
        .isEqualTo("/usr/local/sbin/stratus-node-start");
    JsonNode settings =
        new ObjectMapper().readTree(fileContent(doc, "/etc/stratus/agent-azure-h100.json"));
    assertThat(settings.get("nodeName").asText()).isEqualTo(CloudInitView.NODE_NAME_SLOT);
    assertThat(settings.get("gpuCount").asInt()).isEqualTo(8);
    assertThat(settings.at("/gpuCheck/gpuType").asText()).isEqualTo("h100");
    assertThat(settings.at("/mungeKeySource/type").asText()).isEqualTo("vault");
    assertThat(settings.at("/mungeKeySource/auth").asText()).isEqualTo("aws-iam");
    assertThat(settings.at("/mungeKeySource/serverIdHeader").asText())
        .isEqualTo("vault.example.com");
    assertThat(fileContent(doc, "/etc/systemd/system/stratus-watcher.service"))
        .contains(
            "--cloud aws --sink http://10.0.0.5:8088/v1/notices"
                + " --key-file /var/lib/stratus/node/keys/node.key $STRATUS_WATCH_ARGS");
    // the node reads its signing key in Vault where the controller files it for its instance
    assertThat(settings.at("/nodeKey/type").asText()).isEqualTo("vault");
    assertThat(settings.at("/nodeKey/kvPath").asText())
        .isEqualTo("stratus/node-keys/gpu/@INSTANCE@");
    assertThat(fileContent(doc, "/etc/stratus/agent-aws-h100.json")).contains("\"aws-iam\"");
    JsonNode gcp = yaml(CloudInitWriter.render(views(INPUT).get("gcp")));
    assertThat(fileContent(gcp, "/etc/stratus/agent-gcp-a100.json"))
        .contains("\"auth\":\"gcp\"", "\"gpuType\":\"a100\"");
  }

  @Test
  void theStartScriptOfEveryCloudIsValidShell() throws IOException, InterruptedException {
    List<String> scripts = new ArrayList<>();
    for (CloudInitView view : views(INPUT).values()) {
      scripts.add(
          fileContent(yaml(CloudInitWriter.render(view)), "/usr/local/sbin/stratus-node-start"));
    }
    scripts.add(
        fileContent(
            yaml(CloudInitWriter.render(views(approleInput()).get("azure"))),
            "/usr/local/sbin/stratus-node-start"));

    for (String script : scripts) {
      assertThat(script).startsWith("#!/bin/sh\n").contains("set -eu\n");
      Path file = dir.resolve("start.sh");
      Files.writeString(file, script);
      Process sh =
          new ProcessBuilder("sh", "-n", file.toString()).redirectErrorStream(true).start();
      assertThat(sh.waitFor(10, TimeUnit.SECONDS)).isTrue();
      assertThat(sh.exitValue())
          .as("sh -n: %s", new String(sh.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
          .isZero();
    }
  }

  @Test
  void noMungeKeyMaterialAndNoCredentialIsInAnyUserData() throws IOException {
    byte[] key = new byte[1024];
    new SecureRandom().nextBytes(key);
    Path keyFile = dir.resolve("munge.key");
    Files.write(keyFile, key);
    Path yaml = dir.resolve("stratus.yaml");
    Files.writeString(
        yaml,
        Files.readString(INPUT)
            .replace("cluster: gpu\n", "cluster: gpu\nmungeKeyFile: ./munge.key\n"));
    List<String> rendered = new ArrayList<>();
    views(yaml).values().forEach(v -> rendered.add(CloudInitWriter.render(v)));
    views(approleInput()).values().forEach(v -> rendered.add(CloudInitWriter.render(v)));

    String encoded = Base64.getEncoder().encodeToString(key);
    for (String text : rendered) {
      assertThat(text)
          .doesNotContain(encoded.substring(0, 24))
          .doesNotContain(HexFormat.of().formatHex(key, 0, 12))
          .doesNotContain(new String(key, 0, 12, StandardCharsets.ISO_8859_1))
          .doesNotContain("munge.key")
          .doesNotContain("\"wrappingToken\"")
          .doesNotContain("secret_id")
          .doesNotContain("hvs.");
      for (JsonNode f : yaml(text).get("write_files")) {
        if (f.get("path").asText().startsWith("/etc/stratus/agent-")) {
          JsonNode source =
              new ObjectMapper().readTree(f.get("content").asText()).get("mungeKeySource");
          assertThat(source.get("type").asText()).isEqualTo("vault");
        }
      }
    }
  }

  @Test
  void anApproleNodeGetsOnlyItsOwnWrappingTokenIn0400FileAtLaunch() throws IOException {
    String rendered = CloudInitWriter.render(views(approleInput()).get("azure"));
    // What the Azure provider does per VM (NodeUserData.fill): the token goes into the slot.
    String launched =
        NodeUserData.fill(
            rendered,
            "azure-h100-001",
            Optional.of(
                new NodeCredential(
                    "azure-h100-001", "hvs.CAESIJlWh2fW0Q", "acc", "", "hvs.KEYwrap7Qz", "acc2")));

    JsonNode atRender = yaml(rendered);
    JsonNode atLaunch = yaml(launched);

    assertThat(fileContent(atRender, CloudInitViews.WRAPPING_TOKEN_FILE))
        .isEqualTo(NodeUserData.WRAPPING_TOKEN_SLOT);
    assertThat(fileContent(atLaunch, CloudInitViews.WRAPPING_TOKEN_FILE))
        .isEqualTo("hvs.CAESIJlWh2fW0Q");
    for (JsonNode f : atLaunch.get("write_files")) {
      if (f.get("path").asText().equals(CloudInitViews.WRAPPING_TOKEN_FILE)) {
        assertThat(f.get("permissions").asText()).isEqualTo("0400");
      }
    }
    // Once, in the 0400 file: the start script's check for a missing token is not rewritten.
    assertThat(launched.split("hvs\\.CAESIJlWh2fW0Q", -1)).hasSize(2);
    assertThat(launched).doesNotContain(NodeUserData.WRAPPING_TOKEN_SLOT);
    assertThat(fileContent(atLaunch, "/usr/local/sbin/stratus-node-start"))
        .contains("grep -qF '@STRATUS_WRA''PPING_TOKEN@' /run/stratus/vault-wrap");
    assertThat(fileContent(atLaunch, "/etc/stratus/agent-azure-h100.json"))
        .contains("\"auth\":\"approle\"", "\"wrappingTokenFile\":\"/run/stratus/vault-wrap\"")
        .contains("\"nodeKey\":{\"type\":\"wrapped\"");
    // the signing key's token likewise: once, in its own 0400 file
    assertThat(fileContent(atLaunch, CloudInitViews.NODE_KEY_WRAP_FILE))
        .isEqualTo("hvs.KEYwrap7Qz");
    assertThat(launched.split("hvs\\.KEYwrap7Qz", -1)).hasSize(2);
    assertThat(launched).doesNotContain(NodeUserData.NODE_KEY_TOKEN_SLOT);
  }

  @Test
  void theWriterWritesOneFilePerCloudAndNoneWithoutABootstrapBlock() throws IOException {
    List<Path> written =
        CloudInitWriter.write(ConfigLoader.loadAll(INPUT, DeclaredKeysProviders.ALL), dir);
    List<Path> none =
        CloudInitWriter.write(
            ConfigLoader.loadAll(
                Path.of("src/test/resources/render/golden.yaml"), DeclaredKeysProviders.ALL),
            dir.resolve("x"));

    assertThat(written)
        .containsExactly(
            dir.resolve("cloud-init-aws.yaml"),
            dir.resolve("cloud-init-gcp.yaml"),
            dir.resolve("cloud-init-azure.yaml"));
    assertThat(none).isEmpty();
  }
}
