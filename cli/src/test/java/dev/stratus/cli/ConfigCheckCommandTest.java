package dev.stratus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ConfigCheckCommandTest {
  private static final Path EXAMPLE = Path.of("../config-templates/examples/stratus-local.yaml");

  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  int run(String... args) {
    CommandLine cmd = StratusCli.commandLine();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd.execute(args);
  }

  Path yaml() throws IOException {
    Path yaml = dir.resolve("stratus.yaml");
    Files.copy(EXAMPLE, yaml);
    return yaml;
  }

  @Test
  void aSlurmConfTheIncludeMergesWithExitsZeroSayingWhatItAddsAndMerges() throws IOException {
    Path site =
        Files.writeString(
            dir.resolve("site.conf"),
            "PrivateData=jobs,usage\nGresTypes=gpu,shard\n"
                + "PartitionName=batch Nodes=cpu-[01-02] Default=YES\n"
                + "Include /etc/slurm/stratus-slurm.conf\n");

    int code =
        run("config", "check", "--config", yaml().toString(), "--slurm-conf", site.toString());

    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString())
        .contains("slurm.conf: " + site)
        .contains("merge     PrivateData=jobs,usage -> jobs,usage,cloud (site.conf:1)")
        .contains("same      GresTypes=gpu,shard (site.conf:2)")
        .contains("add       ResumeProgram=" + dir.resolve("bin/stratus-resume"))
        .contains("keep      default partition batch (site.conf:3)");
  }

  @Test
  void aSlurmConfThatConflictsExitsOneAndRenderRefusesToWriteOverIt() throws IOException {
    Path yaml = yaml();
    Path etc = Files.createDirectories(dir.resolve("etc"));
    Files.writeString(
        etc.resolve("slurm.conf"), "SuspendTime=600\nInclude " + etc + "/stratus-slurm.conf\n");

    int code = run("config", "check", "--config", yaml.toString());

    assertThat(code).isEqualTo(1);
    assertThat(out.toString())
        .contains("conflict  slurm.conf:1 sets SuspendTime=600; Stratus needs 10")
        .contains("(powerSave.suspendTime): make them the same");
    assertThat(run("config", "render", "--config", yaml.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("the include cannot be merged with");
    assertThat(etc.resolve("stratus-slurm.conf")).doesNotExist();
  }

  @Test
  void anInvalidConfigExitsTwo() throws IOException {
    Path yaml = Files.writeString(dir.resolve("bad.yaml"), "clusterr: x\n");

    assertThat(run("config", "check", "--config", yaml.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("unknown key 'clusterr'");
  }
}
