package dev.stratus.bootstrap.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NvidiaSmiGpuVerifierTest {
  @TempDir Path dir;

  Path fakeNvidiaSmi(String body) throws Exception {
    Path script = dir.resolve("nvidia-smi");
    Files.writeString(script, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    return script;
  }

  NvidiaSmiGpuVerifier verifier(Path binary, String type) {
    return new NvidiaSmiGpuVerifier(
        new GpuCheck.NvidiaSmi(binary, type, Map.of(), true), Duration.ofSeconds(20));
  }

  @Test
  void runsNvidiaSmiWithQueryAndXmlFlagsAndAcceptsMatchingGpus() throws Exception {
    Path xml = dir.resolve("out.xml");
    Files.writeString(xml, Fixtures.xml("h100-sxm-8.xml"));
    Path smi =
        fakeNvidiaSmi(
            "[ \"$1 $2\" = \"-q -x\" ] || { echo \"bad args $*\" >&2; exit 9; }\ncat " + xml);

    assertThat(verifier(smi, "h100").verify(8)).isEmpty();
    assertThat(verifier(smi, "h100").verify(7)).hasValue("gpu: found 8 of 7 h100");
  }

  @Test
  void aFailingNvidiaSmiIsReportedWithItsExitStatusAndMessage() throws Exception {
    Path smi =
        fakeNvidiaSmi(
            "echo \"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA"
                + " driver.\" >&2\nexit 9");

    assertThat(verifier(smi, "h100").verify(8))
        .hasValueSatisfying(
            m -> assertThat(m).contains("exited with 9").contains("couldn't communicate"));
  }

  @Test
  void malformedOutputIsAGpuProblemNotACrash() throws Exception {
    Path xml = dir.resolve("bad.xml");
    Files.writeString(xml, Fixtures.xml("malformed-truncated.xml"));

    assertThat(verifier(fakeNvidiaSmi("cat " + xml), "h100").verify(8))
        .hasValueSatisfying(m -> assertThat(m).startsWith("gpu: nvidia-smi XML is malformed"));
  }

  @Test
  void aMissingBinaryIsNamed() {
    assertThat(verifier(dir.resolve("nope"), "h100").verify(8))
        .hasValueSatisfying(m -> assertThat(m).contains("cannot run " + dir.resolve("nope")));
  }
}
