package dev.stratus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class VersionTest {
  @Test
  void theVersionIsTheBuildsProjectVersionFilledInByMaven() {
    assertThat(Version.current()).matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
  }

  @Test
  void dashDashVersionPrintsIt() {
    StringWriter out = new StringWriter();
    CommandLine cmd = StratusCli.commandLine();
    cmd.setOut(new PrintWriter(out, true));

    assertThat(cmd.execute("--version")).isZero();
    assertThat(out.toString().strip()).isEqualTo("stratus " + Version.current());
  }
}
