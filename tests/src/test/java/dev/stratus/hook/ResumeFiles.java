package dev.stratus.hook;

import dev.stratus.hook.spool.ResumeFile;

/** The hook's SLURM_RESUME_FILE reader, for the chaos suite's fuzzing (tests only). */
public final class ResumeFiles {
  private ResumeFiles() {}

  public static ResumeFile parse(String json) {
    return new JsonResumeFileReader().parse(json);
  }
}
