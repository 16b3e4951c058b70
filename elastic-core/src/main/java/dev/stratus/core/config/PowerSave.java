package dev.stratus.core.config;

import static dev.stratus.api.model.Checks.notNull;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The slurm.conf power-saving block Stratus renders. {@code hookProgram} is the absolute path of
 * the launcher slurmctld runs as Resume/Suspend/ResumeFail program (it takes the hook kind from its
 * first argument via small wrapper scripts, see the README). {@code startJobsOnBoot}: render the
 * PrologSlurmctld that lets slurmctld launch a batch job as soon as its node has booted ({@code
 * BootWaitProlog}); default true.
 */
public record PowerSave(
    Duration suspendTime,
    Duration suspendTimeout,
    Duration resumeTimeout,
    int resumeRate,
    int suspendRate,
    int treeWidth,
    Path hookDir,
    List<String> slurmctldParameters,
    boolean startJobsOnBoot) {
  public PowerSave {
    positive("suspendTime", suspendTime);
    positive("suspendTimeout", suspendTimeout);
    positive("resumeTimeout", resumeTimeout);
    if (resumeRate < 0 || suspendRate < 0) {
      throw new IllegalArgumentException("powerSave rates must be >= 0");
    }
    if (treeWidth < 1 || treeWidth > 65533) {
      throw new IllegalArgumentException("powerSave.treeWidth must be 1..65533, got " + treeWidth);
    }
    notNull("powerSave.hookDir", hookDir);
    slurmctldParameters = List.copyOf(slurmctldParameters);
  }

  private static void positive(String field, Duration d) {
    if (d == null || d.isZero() || d.isNegative()) {
      throw new IllegalArgumentException("powerSave." + field + " must be a positive duration");
    }
  }
}
