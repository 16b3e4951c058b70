package dev.stratus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each kind of mistake: the message names file:line:column, the field path and the problem. */
class ConfigLoaderErrorsTest {
  /** The controller's vault: block, six lines. */
  static final String VAULT =
      "vault:\n  address: https://vault:8200\n  kvPath: k\n  roleName: node\n  roleId: r\n"
          + "  controllerTokenFile: /t\n";

  static final String BASE =
      """
      cluster: demo
      pools:
        - name: gpu
          gpu: {model: h100, count: 8}
          cpus: 8
          memoryMiB: 64000
          maxNodes: 4
          offerings:
            - {provider: local, region: local, instanceType: t, pricePerHour: 1}
      providers:
        local: {}
      """;

  @TempDir Path dir;

  private Path write(String yaml) throws IOException {
    Path file = dir.resolve("stratus.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  static Stream<Arguments> mistakes() {
    return Stream.of(
        Arguments.of(
            "unknown top-level key",
            "cluster: demo",
            "clusterr: demo",
            "stratus.yaml:1:1: unknown key 'clusterr' (known: cluster, slurm, powerSave,"),
        Arguments.of(
            "unknown key in a pool",
            "    cpus: 8",
            "    cpus: 8\n    color: red",
            "stratus.yaml:6:5: pools[0]: unknown key 'color' (known: name, partition, gpu,"),
        Arguments.of(
            "unknown key in an offering",
            "pricePerHour: 1}",
            "pricePerHour: 1, colour: red}",
            "stratus.yaml:9:76: pools[0].offerings[0]: unknown key 'colour'"),
        Arguments.of(
            "unknown key in slurm",
            "cluster: demo",
            "cluster: demo\nslurm:\n  binDr: /bin",
            "stratus.yaml:3:3: slurm: unknown key 'binDr' (known: binDir, sbinDir,"),
        Arguments.of(
            "unknown topology owner",
            "cluster: demo",
            "cluster: demo\nslurm:\n  topology: mesh",
            "stratus.yaml:3:13: slurm.topology: must be tree, block or none, got 'mesh'"),
        Arguments.of(
            "bootstrap with both an agent archive and a package",
            "cluster: demo",
            "cluster: demo\nbootstrap:\n  agentUrl: https://a.example/x.tgz\n  agentSha256: 0000000000000000000000000000000000000000000000000000000000000000\n  agentPackage: stratus-node\n  vault: {address: \"https://vault:8200\", kvPath: stratus/munge, role: node}",
            "stratus.yaml:3:3: bootstrap: give exactly one of agentUrl and agentPackage"),
        Arguments.of(
            "bootstrap archive that is not https",
            "cluster: demo",
            "cluster: demo\nbootstrap:\n  agentUrl: http://a.example/x.tgz\n  agentSha256: 0000000000000000000000000000000000000000000000000000000000000000\n  vault: {address: \"https://vault:8200\", kvPath: stratus/munge, role: node}",
            "stratus.yaml:3:13: bootstrap.agentUrl: must be an https URL"),
        Arguments.of(
            "bootstrap archive without its checksum",
            "cluster: demo",
            "cluster: demo\nbootstrap:\n  agentUrl: https://a.example/x.tgz\n  vault: {address: \"https://vault:8200\", kvPath: stratus/munge, role: node}",
            "stratus.yaml:3:3: bootstrap: agentSha256 is required with agentUrl"),
        Arguments.of(
            "bootstrap notice URL a systemd unit cannot hold",
            "cluster: demo",
            "cluster: demo\nbootstrap:\n  agentPackage: stratus-node\n  noticeUrl: http://ctl:8088/v1/notices?x=%41\n  vault: {address: \"https://vault:8200\", kvPath: stratus/munge, role: node}",
            "stratus.yaml:4:14: bootstrap.noticeUrl: must be an http(s) URL of host, port and path only"),
        Arguments.of(
            "approle without a role id",
            "cluster: demo",
            "cluster: demo\n"
                + VAULT
                + "bootstrap:\n  agentPackage: stratus-node\n  vault: {address: \"https://vault:8200\", kvPath: k, auth: approle}",
            "stratus.yaml:10:10: bootstrap.vault: roleId is required with auth: approle"),
        Arguments.of(
            "approle without the controller's vault block",
            "cluster: demo",
            "cluster: demo\nbootstrap:\n  agentPackage: stratus-node\n  vault: {address: \"https://vault:8200\", kvPath: k, auth: approle, roleId: r}",
            "stratus.yaml:4:59: bootstrap.vault.auth: approle needs the top-level vault: block"),
        Arguments.of(
            "approle with another role id than the controller's",
            "cluster: demo",
            "cluster: demo\n"
                + VAULT
                + "bootstrap:\n  agentPackage: stratus-node\n  vault: {address: \"https://vault:8200\", kvPath: k, auth: approle, roleId: other}",
            "bootstrap.vault.roleId: differs from vault.roleId"),
        Arguments.of(
            "unknown vault login",
            "cluster: demo",
            "cluster: demo\nbootstrap:\n  agentPackage: stratus-node\n  vault: {address: \"https://vault:8200\", kvPath: k, auth: token}",
            "stratus.yaml:4:59: bootstrap.vault.auth: must be cloud or approle, got 'token'"),
        Arguments.of(
            "value out of range",
            "    maxNodes: 4",
            "    maxNodes: 0",
            "stratus.yaml:7:15: pools[0].maxNodes: must be 1..9999, got 0"),
        Arguments.of(
            "zero where a record wants > 0",
            "count: 8}",
            "count: 0}",
            "stratus.yaml:4:31: pools[0].gpu.count: must be > 0, got 0"),
        Arguments.of(
            "wrong type",
            "    cpus: 8",
            "    cpus: eight",
            "stratus.yaml:5:11: pools[0].cpus: expected a whole number, got 'eight'"),
        Arguments.of(
            "missing required key",
            "    cpus: 8\n",
            "",
            "stratus.yaml:3:5: pools[0]: missing required key 'cpus'"),
        Arguments.of(
            "bad name",
            "cluster: demo",
            "cluster: Demo",
            "stratus.yaml:1:10: cluster: 'Demo' must match [a-z]"),
        Arguments.of(
            "duration without unit",
            "cluster: demo",
            "cluster: demo\npowerSave: {suspendTime: 10}",
            "stratus.yaml:2:26: powerSave.suspendTime: '10' needs a unit, e.g. 10s"),
        Arguments.of(
            "duration Slurm cannot take",
            "cluster: demo",
            "cluster: demo\npowerSave: {suspendTime: 1500ms}",
            "stratus.yaml:2:26: powerSave.suspendTime: slurm.conf needs whole seconds, got 1500ms"),
        Arguments.of(
            "unparsable duration",
            "cluster: demo",
            "cluster: demo\ntimeouts:\n  powerUp: soon",
            "stratus.yaml:3:12: timeouts.powerUp: 'soon' is not a duration"),
        Arguments.of(
            "zero duration",
            "cluster: demo",
            "cluster: demo\ntimeouts:\n  powerUp: 0s",
            "stratus.yaml:3:12: timeouts.powerUp: must be a positive duration"),
        Arguments.of(
            "offering names a provider with no block",
            "provider: local",
            "provider: aws",
            "stratus.yaml:9:20: pools[0].offerings[0].provider: no block 'aws' under providers:"),
        Arguments.of(
            "offering with another GPU model",
            "pricePerHour: 1}",
            "pricePerHour: 1, gpu: {model: a100}}",
            "stratus.yaml:9:89: pools[0].offerings[0].gpu.model: must be the pool's gpu model"),
        Arguments.of(
            "negative price",
            "pricePerHour: 1}",
            "pricePerHour: -1}",
            "stratus.yaml:9:73: pools[0].offerings[0].pricePerHour: must be >= 0, got -1"),
        Arguments.of(
            "unknown capacity",
            "pricePerHour: 1}",
            "pricePerHour: 1, capacity: prepaid}",
            "stratus.yaml:9:86: pools[0].offerings[0].capacity: must be on-demand, spot, reserved or"
                + " flex, got 'prepaid'"),
        Arguments.of(
            "reserved without its reservation",
            "pricePerHour: 1}",
            "pricePerHour: 1, capacity: reserved}",
            "stratus.yaml:9:9: pools[0].offerings[0]: a capacity: reserved offering needs"
                + " reservation: <the cloud's id of the reservation or block>"),
        Arguments.of(
            "a reservation on a spot offering",
            "pricePerHour: 1}",
            "pricePerHour: 1, capacity: spot, reservation: cr-1}",
            "stratus.yaml:9:105: pools[0].offerings[0].reservation: only a capacity: reserved"
                + " offering names a reservation"),
        Arguments.of(
            "flex without its maximum run",
            "pricePerHour: 1}",
            "pricePerHour: 1, capacity: flex}",
            "stratus.yaml:9:9: pools[0].offerings[0]: a capacity: flex offering needs maxRun"),
        Arguments.of(
            "flex with a maximum run of zero",
            "pricePerHour: 1}",
            "pricePerHour: 1, capacity: flex, maxRun: 0s}",
            "pools[0].offerings[0]: flex maxRun must be > 0, got PT0S"),
        Arguments.of(
            "a block pool with a spot offering too",
            "pricePerHour: 1}",
            "pricePerHour: 1, capacity: reserved, reservation: cr-1}\n"
                + "      - {provider: local, region: local, instanceType: t, pricePerHour: 1,"
                + " capacity: spot}",
            "pools[0].offerings: pool 'gpu' mixes reserved and other offerings"),
        Arguments.of(
            "unknown gres autodetect",
            "    maxNodes: 4",
            "    maxNodes: 4\n    gres: {autodetect: cuda}",
            "stratus.yaml:8:24: pools[0].gres.autodetect: must be one of nvml, rsmi, off"),
        Arguments.of(
            "unknown spot policy",
            "    maxNodes: 4",
            "    maxNodes: 4\n    spotPolicy: cheapest",
            "stratus.yaml:8:17: pools[0].spotPolicy: unknown spot policy 'cheapest' (use one of"
                + " spot-preferred, spot-only, on-demand-only, on-demand-after-reclaim)"),
        Arguments.of(
            "spot-only pool without a spot offering",
            "    maxNodes: 4",
            "    maxNodes: 4\n    spotPolicy: spot-only",
            "pool 'gpu' has spot policy spot-only but no offering it allows (no spot offering)"),
        Arguments.of(
            "on-demand-after-reclaim pool without an on-demand offering",
            "instanceType: t, pricePerHour: 1}",
            "instanceType: t, pricePerHour: 1, capacity: spot}\n    spotPolicy: on-demand-after-reclaim",
            "spot policy on-demand-after-reclaim but no offering it allows (no on-demand"),
        Arguments.of(
            "duplicate key",
            "  local: {}",
            "  local: {}\n  local: {}",
            "stratus.yaml:12:3: duplicate key 'local'"),
        Arguments.of(
            "YAML syntax error",
            "cluster: demo",
            "cluster: [demo",
            "stratus.yaml:2:6: while parsing a flow sequence: expected ',' or ']'"),
        Arguments.of(
            "a list where a mapping belongs",
            "cluster: demo",
            "cluster: demo\nslurm: [a, b]",
            "stratus.yaml:2:8: slurm: expected a mapping (key: value lines), got a list"),
        Arguments.of(
            "an empty pool list",
            "pools:",
            "pools: []\nunused:",
            "stratus.yaml:2:8: pools: must not be empty"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mistakes")
  void aMistakeIsReportedWithFileLineColumnAndField(
      String kind, String from, String to, String expected) throws IOException {
    String yaml = BASE.replace(from, to);
    assertThat(yaml).as("test setup for " + kind).isNotEqualTo(BASE);
    if (kind.equals("an empty pool list")) {
      yaml = yaml.replaceAll("(?s)\nunused:.*?\nproviders:", "\nproviders:");
    }
    Path file = write(yaml);

    ConfigException e =
        catchThrowableOfType(
            ConfigException.class, () -> ConfigLoader.load(file, DeclaredKeysProviders.ALL));

    assertThat(e).as(kind + " is refused").isNotNull();
    assertThat(e.getMessage()).startsWith(file.toString()).contains(expected);
  }

  @Test
  void twoPoolsWithOneNameAreRefusedAtTheSecondName() throws IOException {
    String second =
        """
          - name: gpu
            gpu: {model: h100, count: 8}
            cpus: 8
            memoryMiB: 64000
            maxNodes: 4
            offerings:
              - {provider: local, region: local, instanceType: t, pricePerHour: 1}
        providers:""";
    Path file = write(BASE.replace("providers:", second));

    ConfigException e =
        catchThrowableOfType(
            ConfigException.class, () -> ConfigLoader.load(file, DeclaredKeysProviders.ALL));

    assertThat(e.line()).isEqualTo(10);
    assertThat(e.column()).isEqualTo(11);
    assertThat(e.fieldPath()).isEqualTo("pools[1].name");
    assertThat(e.problem()).isEqualTo("two pools are named 'gpu'");
  }

  @Test
  void anEmptyFileAMissingFileAndTwoDocumentsAreRefused() throws IOException {
    assertThatThrownBy(() -> ConfigLoader.load(write(""), DeclaredKeysProviders.ALL))
        .isInstanceOf(ConfigException.class)
        .hasMessageEndingWith("stratus.yaml: the file is empty");
    assertThatThrownBy(() -> ConfigLoader.load(dir.resolve("nope.yaml"), DeclaredKeysProviders.ALL))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("nope.yaml: cannot read the file");
    assertThatThrownBy(
            () -> ConfigLoader.load(write(BASE + "---\ncluster: two\n"), DeclaredKeysProviders.ALL))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("stratus.yaml:13:1: only one YAML document allowed");
  }
}
