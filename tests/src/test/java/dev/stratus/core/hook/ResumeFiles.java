package dev.stratus.core.hook;

import dev.stratus.core.slurm.ResumeFile;

/** The hook's SLURM_RESUME_FILE reader, for the chaos suite's fuzzing (tests only). */
public final class ResumeFiles {
  private ResumeFiles() {}

  public static ResumeFile parse(String json) {
    return new JsonResumeFileReader().parse(json);
  }
}
