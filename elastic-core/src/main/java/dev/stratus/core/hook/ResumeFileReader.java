package dev.stratus.core.hook;

import dev.stratus.core.slurm.ResumeFile;

/**
 * Seam: parses the content of SLURM_RESUME_FILE (22.05 or 23.02+ spelling); throws
 * IllegalArgumentException saying what is wrong. The shared {@code
 * dev.stratus.core.slurm.ResumeFileParser} can replace {@link JsonResumeFileReader} here (one line
 * in {@link HookMain}).
 */
@FunctionalInterface
interface ResumeFileReader {
  ResumeFile parse(String json);
}
