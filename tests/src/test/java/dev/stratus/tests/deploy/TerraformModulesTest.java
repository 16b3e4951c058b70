package dev.stratus.tests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * terraform/ as far as it can be checked without a provider download: canonical formatting, every
 * example loads with its modules and pins its providers, and each cloud module grants the
 * controller exactly the permissions its provider's README lists. (What the stratus-config module
 * renders: {@link TerraformStratusConfigTest}.)
 */
class TerraformModulesTest {
  static final Path REPO = Path.of("..").toAbsolutePath().normalize();
  static final Path TERRAFORM = REPO.resolve("terraform");

  @TempDir Path scratch;
  TerraformCli terraform;

  @BeforeEach
  void findTerraform() throws IOException {
    terraform = TerraformCli.inScratch(scratch);
  }

  @Test
  void everyModuleAndExampleIsInCanonicalFormat() throws Exception {
    var fmt =
        terraform.run(scratch, "", "fmt", "-check", "-recursive", "-diff", TERRAFORM.toString());

    assertThat(fmt.exitCode()).as(fmt.describe()).isZero();
  }

  @Test
  void everyExampleLoadsItsModulesAndPinsTheirProviders() throws Exception {
    Path copy = scratch.resolve("terraform");
    TerraformCli.copyTree(TERRAFORM, copy);
    Map<String, List<String>> pins =
        Map.of(
            "aws", List.of("hashicorp/aws] ~> 6.0", "hashicorp/vault] ~> 5.0"),
            "gcp", List.of("hashicorp/google] >= 6.0.0, < 8.0.0", "hashicorp/vault] ~> 5.0"),
            "azure", List.of("hashicorp/azurerm] ~> 4.0", "hashicorp/vault] ~> 5.0"));
    for (var example : pins.entrySet()) {
      Path dir = copy.resolve("examples").resolve(example.getKey());
      var get = terraform.run(dir, "", "get", "-no-color");
      var providers = terraform.run(dir, "", "providers", "-no-color");

      assertThat(get.exitCode()).as(get.describe()).isZero();
      assertThat(providers.exitCode()).as(providers.describe()).isZero();
      assertThat(providers.stdout())
          .as(providers.describe())
          .contains(example.getValue())
          .contains("module." + example.getKey(), "module.vault", "module.stratus_config");
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "aws, 16, ec2:CreateFleet, pricing:GetProducts",
    "gcp, 21, compute.instances.create, iam.serviceAccounts.actAs",
    "azure, 20, Microsoft.Compute/virtualMachines/write,"
        + " Microsoft.Compute/galleries/images/versions/read",
  })
  void theControllerIsGrantedExactlyThePermissionsOnItsProvidersPage(
      String cloud, int count, String one, String another) throws IOException {
    Set<String> readme =
        PermissionLists.readme(
            cloud, REPO.resolve("providers").resolve(cloud).resolve("README.md"));

    assertThat(readme).contains(one, another).hasSize(count);
    assertThat(
            PermissionLists.module(
                cloud, TERRAFORM.resolve(cloud).resolve("controller_permissions.tf")))
        .isEqualTo(readme);
  }
}
