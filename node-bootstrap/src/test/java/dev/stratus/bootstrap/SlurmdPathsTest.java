package dev.stratus.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlurmdPathsTest {
  @Test
  void findsTheLogAndPidDirectoriesAndTheSpoolDirWithTheNodeNameFilledIn() {
    List<String> conf =
        List.of(
            "ClusterName=lab",
            "# SlurmdLogFile=/commented/out.log",
            "SlurmdSpoolDir=/lab/nodes/%n/spool",
            "slurmdpidfile = /lab/run/%h/slurmd.pid",
            "SlurmdLogFile=/lab/logs/%n.log",
            "SlurmctldLogFile=/lab/ctld.log");

    assertThat(SlurmdPaths.directoriesToCreate(conf, "gpu-001"))
        .containsExactly(
            Path.of("/lab/nodes/gpu-001/spool"), Path.of("/lab/run/gpu-001"), Path.of("/lab/logs"));
  }

  @Test
  void relativeOrEmptyValuesAreIgnored() {
    assertThat(
            SlurmdPaths.directoriesToCreate(List.of("SlurmdLogFile=", "SlurmdSpoolDir=spool"), "n"))
        .isEmpty();
  }
}
