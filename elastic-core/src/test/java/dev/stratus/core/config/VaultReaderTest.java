package dev.stratus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code vault:} section of stratus.yaml. */
class VaultReaderTest {
  private static final String BASE = ConfigLoaderErrorsTest.BASE;

  @TempDir Path dir;

  private Path write(String extra) throws IOException {
    Path file = dir.resolve("stratus.yaml");
    Files.writeString(file, BASE + extra);
    return file;
  }

  @Test
  void withoutAVaultSectionNodesReadTheKeyFile() throws IOException {
    assertThat(ConfigLoader.load(write(""), DeclaredKeysProviders.ALL).vault()).isEmpty();
  }

  @Test
  void readsTheSectionWithDefaultsAndResolvesTheTokenFileAgainstTheYaml() throws IOException {
    var vault =
        ConfigLoader.load(
                write(
                    """
                    vault:
                      address: https://vault.internal:8200
                      kvPath: slurm/munge
                      roleName: slurm-node
                      roleId: 0e6c-role
                      controllerTokenFile: secrets/controller.token
                    """),
                DeclaredKeysProviders.ALL)
            .vault()
            .orElseThrow();

    assertThat(vault.baseAddress()).isEqualTo("https://vault.internal:8200");
    assertThat(vault.kvMount()).isEqualTo("secret");
    assertThat(vault.field()).isEqualTo("key");
    assertThat(vault.authMount()).isEqualTo("approle");
    assertThat(vault.wrapTtl()).isEqualTo(Duration.ofMinutes(5));
    assertThat(vault.timeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(vault.controllerTokenFile()).isEqualTo(dir.resolve("secrets/controller.token"));
  }

  @Test
  void aWrapTtlOverTenMinutesIsRefusedAtItsLine() throws IOException {
    Path file =
        write(
            """
            vault:
              address: https://vault.internal:8200
              kvPath: slurm/munge
              roleName: slurm-node
              roleId: 0e6c-role
              controllerTokenFile: /etc/stratus/vault.token
              wrapTtl: 1h
            """);

    assertThatThrownBy(() -> ConfigLoader.load(file, DeclaredKeysProviders.ALL))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("stratus.yaml:18:12: vault.wrapTtl")
        .hasMessageContaining("vault.wrapTtl")
        .hasMessageContaining("must be at most 10m");
  }

  @Test
  void anAddressWithAPathIsRefused() throws IOException {
    Path file =
        write(
            """
            vault:
              address: https://vault.internal:8200/v1
              kvPath: slurm/munge
              roleName: slurm-node
              roleId: r
              controllerTokenFile: /t
            """);

    assertThatThrownBy(() -> ConfigLoader.load(file, DeclaredKeysProviders.ALL))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("vault.address")
        .hasMessageContaining("must not have a path");
  }

  @Test
  void theAppRoleIsNeededOnlyWhenNodesLogInWithAppRole() throws IOException {
    String controller =
        """
        vault:
          address: https://vault.internal:8200
          kvPath: slurm/munge
          controllerTokenFile: /t
        """;
    assertThat(
            ConfigLoader.load(write(controller), DeclaredKeysProviders.ALL).vault().get().roleId())
        .isEmpty();
    Path approleNodes =
        write(
            controller
                + "bootstrap:\n  agentPackage: stratus-node\n"
                + "  vault: {address: \"https://vault:8200\", kvPath: k, auth: approle, roleId: r}\n");

    assertThatThrownBy(() -> ConfigLoader.load(approleNodes, DeclaredKeysProviders.ALL))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("approle needs vault.roleName and vault.roleId");
  }
}
