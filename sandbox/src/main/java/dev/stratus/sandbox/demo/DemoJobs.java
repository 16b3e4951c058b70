package dev.stratus.sandbox.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The sample jobs the demo submits: one 1-node job asking two GPUs, one 2-node job asking all eight
 * GPUs of each node, and a job array of three 1-GPU tasks. Each prints where it ran and which GPUs
 * it was given, so the output files show CUDA_VISIBLE_DEVICES coming from Slurm's GRES.
 */
public final class DemoJobs {
  /** A script and how many Slurm jobs (array tasks count one each) it makes. */
  public record Job(String name, Path script, int count) {}

  private DemoJobs() {}

  public static List<Job> write(Path dir, String partition, String gpu) throws IOException {
    Files.createDirectories(dir);
    return List.of(
        job(dir, "gpu2", partition, "#SBATCH --nodes=1\n#SBATCH --gres=gpu:" + gpu + ":2\n", 1),
        job(
            dir,
            "two-nodes",
            partition,
            "#SBATCH --nodes=2\n#SBATCH --gres=gpu:" + gpu + ":8\n",
            1),
        job(
            dir,
            "array",
            partition,
            "#SBATCH --nodes=1\n#SBATCH --gres=gpu:" + gpu + ":1\n#SBATCH --array=1-3\n",
            3));
  }

  private static Job job(Path dir, String name, String partition, String directives, int count)
      throws IOException {
    Path script = dir.resolve(name + ".sbatch");
    Files.writeString(
        script,
        "#!/bin/bash\n"
            + "#SBATCH --job-name="
            + name
            + "\n#SBATCH --partition="
            + partition
            + "\n"
            + directives
            + "#SBATCH --output="
            + dir.resolve(name + "-%j.out")
            + "\n"
            + "srun bash -c 'echo \"$(date +%T) job=$SLURM_JOB_ID host=$(hostname)"
            + " CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES\"'\n"
            + "sleep 2\n");
    return new Job(name, script, count);
  }
}
