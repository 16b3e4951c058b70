package dev.stratus.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * A scratch root module made of one cloud's fixture (tests/src/test/resources/terraform/CLOUD,
 * standing in for that cloud's example with the values its cloud and vault modules would output)
 * and a copy of the provider-free terraform/modules/stratus-config, initialised offline.
 */
final class StratusConfigRoot {
  static final Path FIXTURES = Path.of("src/test/resources/terraform").toAbsolutePath();

  private final TerraformCli terraform;
  final Path dir;

  private StratusConfigRoot(TerraformCli terraform, Path dir) {
    this.terraform = terraform;
    this.dir = dir;
  }

  static StratusConfigRoot of(TerraformCli terraform, Path terraformDir, String cloud, Path scratch)
      throws Exception {
    Path dir = scratch.resolve("root-" + cloud);
    TerraformCli.copyTree(FIXTURES.resolve(cloud), dir);
    TerraformCli.copyTree(
        terraformDir.resolve("modules/stratus-config"), dir.resolve("modules/stratus-config"));
    var init = terraform.run(dir, "", "init", "-backend=false", "-input=false", "-no-color");
    assertThat(init.exitCode()).as(init.describe()).isZero();
    return new StratusConfigRoot(terraform, dir);
  }

  /**
   * Evaluates stratus.yaml with `terraform console` (with {@code node_user_data} set when not
   * empty) and writes it to a file. console exits 0 even when evaluation failed, so its stderr must
   * be empty as well.
   */
  Path stratusYaml(String nodeUserData) throws Exception {
    List<String> args = new ArrayList<>(List.of("console", "-no-color"));
    if (!nodeUserData.isEmpty()) {
      Path vars = dir.resolve("user-data.tfvars.json");
      Files.writeString(
          vars, new ObjectMapper().writeValueAsString(Map.of("node_user_data", nodeUserData)));
      args.add("-var-file=" + vars);
    }
    // base64: console prints strings in HCL syntax; this one needs no unescaping.
    var console =
        terraform.run(
            dir, "base64encode(module.config.stratus_yaml)\n", args.toArray(String[]::new));
    assertThat(console.exitCode()).as(console.describe()).isZero();
    assertThat(console.stderr()).as(console.describe()).isBlank();
    String quoted = console.stdout().strip();
    assertThat(quoted).as(console.describe()).matches("\"[A-Za-z0-9+/=]+\"");
    byte[] yaml = Base64.getDecoder().decode(quoted.substring(1, quoted.length() - 1));
    return Files.write(Files.createTempFile(dir, "stratus", ".yaml"), yaml);
  }

  /** `terraform plan` of the root: no provider, so it runs offline. */
  TerraformCli.Result plan() throws Exception {
    return terraform.run(dir, "", "plan", "-input=false", "-no-color", "-lock=false");
  }
}
