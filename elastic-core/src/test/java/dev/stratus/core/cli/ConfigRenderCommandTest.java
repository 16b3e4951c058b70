package dev.stratus.core.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ConfigRenderCommandTest {
  private static final Path EXAMPLE = Path.of("../config-templates/examples/stratus-local.yaml");

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
            etc.resolve("stratus-slurm.conf").toString(), etc.resolve("gres.conf").toString());
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
  void theConfigOptionIsRequired() {
    assertThat(cmd.execute()).isEqualTo(2);
    assertThat(err.toString()).contains("Missing required option: '--config=FILE'");
  }
}
