package dev.stratus.templates;

import static dev.stratus.templates.ViewChecks.positive;
import static dev.stratus.templates.ViewChecks.text;
import static dev.stratus.templates.ViewChecks.word;

/**
 * The power-saving lines of the include. Times are whole seconds, as slurm.conf wants them; the
 * programs are absolute paths; {@code slurmctldParameters} is the comma-joined list, or "" to omit
 * the line.
 */
public record PowerSaveView(
    String resumeProgram,
    String suspendProgram,
    String resumeFailProgram,
    long resumeTimeout,
    long suspendTime,
    long suspendTimeout,
    int resumeRate,
    int suspendRate,
    String slurmctldParameters,
    int treeWidth) {
  public PowerSaveView {
    word("resumeProgram", resumeProgram);
    word("suspendProgram", suspendProgram);
    word("resumeFailProgram", resumeFailProgram);
    positive("resumeTimeout", resumeTimeout);
    positive("suspendTime", suspendTime);
    positive("suspendTimeout", suspendTimeout);
    if (resumeRate < 0 || suspendRate < 0) {
      throw new IllegalArgumentException("resumeRate and suspendRate must be >= 0");
    }
    text("slurmctldParameters", slurmctldParameters);
    positive("treeWidth", treeWidth);
  }
}
