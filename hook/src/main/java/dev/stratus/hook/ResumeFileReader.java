package dev.stratus.hook;

import dev.stratus.hook.spool.ResumeFile;

/**
 * Seam: parses the content of SLURM_RESUME_FILE (22.05 or 23.02+ spelling); throws
 * IllegalArgumentException saying what is wrong. {@link JsonResumeFileReader} reads it with
 * jackson-core's streaming parser, which keeps the hook's class path small.
 */
@FunctionalInterface
interface ResumeFileReader {
  ResumeFile parse(String json);
}
