package dev.stratus.core.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reader against a scripted squeue that logs how it was asked. */
class SqueueReaderTest {
  @TempDir Path dir;

  @Test
  void aDescriptionsReasonNameIsAskedOfTheJsonFormOnceAndAgainWhenItChanges() throws Exception {
    Path calls = dir.resolve("calls");
    Path description = dir.resolve("description");
    Files.writeString(description, "launch failed requeued held");
    String line =
        "7|PENDING|$(cat "
            + description
            + ")|gpu||1|N/A|0|1|N/A|root|(null)|5:00|N/A|1795970506"
            + "|N/A|(null)|(null)|";
    Path squeue = dir.resolve("squeue");
    Files.writeString(
        squeue,
        "#!/bin/sh\necho \"$1\" >> "
            + calls
            + "\nif [ \"$1\" = --json ]; then echo '{\"jobs\":[{\"job_id\":7,"
            + "\"job_state\":\"PENDING\",\"state_reason\":\"JobHeldUser\"}]}'; exit 0; fi\n"
            + "echo \""
            + line
            + "\" | tr '|' '\\037'\n");
    Files.setPosixFilePermissions(squeue, PosixFilePermissions.fromString("rwx------"));
    SqueueReader reader =
        new SqueueReader(
            squeue, new CommandRunner(Map.of("PATH", "/usr/bin:/bin"), Duration.ofSeconds(20)));

    for (int read = 1; read <= 3; read++) {
      assertThat(reader.jobs())
          .singleElement()
          .extracting(SlurmJob::reason)
          .isEqualTo("JobHeldUser");
    }
    assertThat(Files.readAllLines(calls))
        .containsExactly("--noheader", "--json", "--noheader", "--noheader");

    Files.writeString(description, "job requeued in held state");
    assertThat(reader.jobs()).singleElement().extracting(SlurmJob::reason).isEqualTo("JobHeldUser");
    assertThat(Files.readAllLines(calls)).hasSize(6).endsWith("--noheader", "--json");
    assertThat(reader.readsJson()).isFalse();
  }
}
