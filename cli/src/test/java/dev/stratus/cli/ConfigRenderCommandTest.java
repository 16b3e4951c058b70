package dev.stratus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.hook.hostlist.Hostlist;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ConfigRenderCommandTest {
  private static final Path EXAMPLE = Path.of("../config-templates/examples/stratus-local.yaml");
  private static final Path MULTICLOUD =
      Path.of("../config-templates/examples/stratus-multicloud.yaml");
  private static final Path PLACEMENT =
      Path.of("../config-templates/examples/multicloud-placement.yaml");

  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private CommandLine cmd;

  @BeforeEach
  void setUp() {
    cmd = new CommandLine(new ConfigRenderCommand());
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
  }

  @Test
  void writesBothFilesNextToSlurmConfAndPrintsTheirPaths() throws IOException {
    Path yaml = dir.resolve("stratus.yaml");
    Files.copy(EXAMPLE, yaml);

    int code = cmd.execute("--config", yaml.toString());

    Path etc = dir.resolve("etc");
    assertThat(code).isZero();
    assertThat(out.toString().lines())
        .containsExactly(
            etc.resolve("stratus-slurm.conf").toString(),
            etc.resolve("gres.conf").toString(),
            etc.resolve("stratus-boot-wait").toString());
    assertThat(Files.readString(etc.resolve("stratus-slurm.conf")))
        .contains("ResumeProgram=" + dir.resolve("bin/stratus-resume"));
    assertThat(Files.readString(etc.resolve("gres.conf")))
        .contains("File=" + dir.resolve("state/providers/local/dev/nvidia[0-7]"));
  }

  @Test
  void writesIntoTheOutDirectoryWhenGiven() {
    Path target = dir.resolve("elsewhere");

    int code = cmd.execute("--config", EXAMPLE.toString(), "--out", target.toString());

    assertThat(code).isZero();
    assertThat(target.resolve("stratus-slurm.conf")).exists();
    assertThat(target.resolve("gres.conf")).exists();
  }

  @Test
  void aBadConfigExitsTwoWithTheLoadersMessage() throws IOException {
    Path yaml = dir.resolve("stratus.yaml");
    Files.writeString(yaml, "clusterr: demo\n");

    int code = cmd.execute("--config", yaml.toString(), "--out", dir.toString());

    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("stratus.yaml:1:1: unknown key 'clusterr'");
    assertThat(out.toString()).isEmpty();
    assertThat(dir.resolve("gres.conf")).doesNotExist();
  }

  @Test
  void rendersTheMulticloudExampleWithItsPlacementIntoOneDirectory() throws IOException {
    Path target = dir.resolve("render");

    int code =
        cmd.execute(
            "--config", MULTICLOUD.toString(),
            "--placement", PLACEMENT.toString(),
            "--out", target.toString());

    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString().lines().map(l -> Path.of(l).getFileName().toString()))
        .containsExactly(
            "stratus-slurm.conf",
            "gres.conf",
            "stratus-boot-wait",
            "topology.conf",
            "cloud-init-aws.yaml",
            "cloud-init-gcp.yaml",
            "cloud-init-azure.yaml");
    assertThat(err.toString()).isEmpty();
    String topology = Files.readString(target.resolve("topology.conf"));
    assertThat(topology)
        .contains(
            "SwitchName=aws-h100-nn-spine-4c1a-nn-agg-77f0-nn-leaf-0a Nodes=aws-h100-[001-002]\n")
        .contains("SwitchName=aws-h100-nn-spine-4c1a-nn-agg-77f0-nn-leaf-0b Nodes=aws-h100-003\n")
        .contains(
            "SwitchName=aws-h100-nn-spine-4c1a-nn-agg-77f0 Switches="
                + "aws-h100-nn-spine-4c1a-nn-agg-77f0-nn-leaf-0a,"
                + "aws-h100-nn-spine-4c1a-nn-agg-77f0-nn-leaf-0b\n")
        .contains("SwitchName=c5d2e8-r0419 Nodes=gcp-a100-[001-002]\n")
        .contains("SwitchName=aws-h100-unplaced Nodes=aws-h100-004\n")
        .contains("SwitchName=azure-h100-unplaced Nodes=azure-h100-002\n")
        .as("aws-h100 and azure-h100 share partition h100: a tree each, nothing joins them")
        .contains("SwitchName=aws-h100 Switches=aws-h100-nn-spine-4c1a,aws-h100-unplaced\n")
        .contains("SwitchName=azure-h100 Switches=azure-h100-eastus-1,azure-h100-unplaced\n")
        .doesNotContain("stratus-root");
    assertThat(nodesListed(topology))
        .as("every node in exactly one leaf switch")
        .containsExactlyInAnyOrder(
            "aws-h100-001",
            "aws-h100-002",
            "aws-h100-003",
            "aws-h100-004",
            "gcp-a100-001",
            "gcp-a100-002",
            "azure-h100-001",
            "azure-h100-002");
    assertThat(Files.readString(target.resolve("stratus-slurm.conf")))
        .contains("\nTopologyPlugin=topology/tree\n");
    assertThat(Files.readString(target.resolve("cloud-init-gcp.yaml")))
        .startsWith("#cloud-config\n")
        .contains("/etc/stratus/agent-gcp-a100.json");
  }

  /** Every node named in a Nodes= hostlist, once per time it is named. */
  static List<String> nodesListed(String topology) {
    return topology
        .lines()
        .filter(l -> l.contains(" Nodes="))
        .flatMap(l -> Hostlist.expand(l.substring(l.indexOf(" Nodes=") + 7)).stream())
        .toList();
  }

  @Test
  void withoutPlacementTheControllersFirstTopologyHasEveryNodeUnplaced() throws IOException {
    int code = cmd.execute("--config", MULTICLOUD.toString(), "--out", dir.toString());

    assertThat(code).isZero();
    assertThat(Files.readString(dir.resolve("topology.conf")))
        .contains("SwitchName=aws-h100-unplaced Nodes=aws-h100-[001-004]\n")
        .doesNotContain("nn-spine");
  }

  @Test
  void aPlacementNamingAnUnknownNodeExitsTwoAndWritesNothing() throws IOException {
    Path placement = dir.resolve("placement.yaml");
    Files.writeString(placement, "nodes:\n  aws-h100-001: [s, l]\n  aws-h100-005: [s, l]\n");

    int code =
        cmd.execute(
            "--config", MULTICLOUD.toString(),
            "--placement", placement.toString(),
            "--out", dir.resolve("out").toString());

    assertThat(code).isEqualTo(2);
    assertThat(err.toString())
        .startsWith(placement + ":3:17: nodes.aws-h100-005: no pool has a node of this name");
    assertThat(dir.resolve("out")).doesNotExist();
  }

  @Test
  void aCloudPoolWithoutABootstrapBlockIsSaidOnStderr() throws IOException {
    Path yaml = dir.resolve("stratus.yaml");
    String text = Files.readString(MULTICLOUD);
    Files.writeString(
        yaml,
        text.substring(0, text.indexOf("bootstrap:")) + text.substring(text.indexOf("pools:")));

    int code = cmd.execute("--config", yaml.toString(), "--out", dir.resolve("out").toString());

    assertThat(code).isZero();
    assertThat(err.toString())
        .contains("no cloud-init user-data written: stratus.yaml has no bootstrap: block");
    assertThat(dir.resolve("out/cloud-init-aws.yaml")).doesNotExist();
  }

  @Test
  void theConfigOptionIsRequired() {
    assertThat(cmd.execute()).isEqualTo(2);
    assertThat(err.toString()).contains("Missing required option: '--config=FILE'");
  }
}
