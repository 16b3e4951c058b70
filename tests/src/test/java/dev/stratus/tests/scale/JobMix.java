package dev.stratus.tests.scale;

import java.util.ArrayList;
import java.util.List;

/**
 * The harness's queue as sbatch arrays, each of one shape (pure). The burst: jobs of 1 to 64 whole
 * nodes ({@code --exclusive}) that together ask for exactly the burst pool, so slurmctld resumes
 * every one of its nodes at once. The rest of the jobs stay queued while the passes are measured:
 * held, starting tomorrow with a deadline, depending on a held job, arrays left whole, and jobs
 * waiting for the burst pool's busy nodes (submitted once the burst runs). Job counts are Slurm's:
 * an array of N tasks is N jobs.
 */
final class JobMix {
  /** What a batch is for, and so how it is submitted. */
  enum Kind {
    /** held, released at once to start the burst */
    BURST,
    /** {@code sbatch -H} */
    HELD,
    /** {@code --begin=now+1day --deadline=now+3days} */
    LATER,
    /** {@code --dependency=afterok:<a held job>} */
    DEPENDENT,
    /** an array left whole (one record in squeue), starting tomorrow */
    ARRAY,
    /** eligible, waiting for the burst pool's nodes (Resources, Priority) */
    WAITING
  }

  /** {@code count} jobs of {@code nodes} nodes × {@code gpus} GPUs in {@code partition}. */
  record Batch(Kind kind, String partition, String gpuModel, int nodes, int gpus, int count) {
    /** Split into one record per task once submitted (a whole array is one record). */
    boolean split() {
      return kind != Kind.ARRAY && kind != Kind.BURST;
    }
  }

  static final int MAX_ARRAY = 1000;
  private static final int[] BURST_SIZES = {64, 32, 16, 8, 4, 2};
  private static final int[] NODE_SHAPES = {1, 1, 1, 2, 2, 4, 8, 16, 32, 64};
  private static final int[] GPU_SHAPES = {1, 2, 4, 8};

  private JobMix() {}

  /**
   * The burst: a quarter of the pool's nodes in 64-node jobs, an eighth each in 32-, 16-, 8-, 4-
   * and 2-node jobs, the rest in 1-node jobs (sizes larger than the pool are left out).
   */
  static List<Batch> burst(ScaleSpec.PoolShape pool) {
    List<Batch> out = new ArrayList<>();
    int left = pool.nodes();
    for (int i = 0; i < BURST_SIZES.length; i++) {
      int size = BURST_SIZES[i];
      int count = (int) (pool.nodes() * (i == 0 ? 0.25 : 0.125) / size);
      if (size <= pool.nodes() && count > 0) {
        out.add(new Batch(Kind.BURST, pool.name(), pool.gpuModel(), size, gpus(i, pool), count));
        left -= size * count;
      }
    }
    if (left > 0) {
      out.add(new Batch(Kind.BURST, pool.name(), pool.gpuModel(), 1, gpus(0, pool), left));
    }
    return out;
  }

  /**
   * The queue besides the burst's {@code burstJobs}: 30 % held, 30 % later with a deadline, 20 %
   * dependent, 2 % whole arrays over every pool; 18 % waiting for the burst pool.
   */
  static List<Batch> queue(List<ScaleSpec.PoolShape> pools, int jobs) {
    List<Batch> out = new ArrayList<>();
    int waiting = jobs * 18 / 100;
    int arrays = jobs * 2 / 100;
    int held = jobs * 30 / 100;
    int later = jobs * 30 / 100;
    int dependent = jobs - waiting - arrays - held - later;
    int[] shape = {0};
    add(out, Kind.HELD, pools, held, shape);
    add(out, Kind.LATER, pools, later, shape);
    add(out, Kind.DEPENDENT, pools, dependent, shape);
    add(out, Kind.ARRAY, pools, arrays, shape);
    add(out, Kind.WAITING, pools.subList(0, 1), waiting, shape);
    return out;
  }

  private static void add(
      List<Batch> out, Kind kind, List<ScaleSpec.PoolShape> pools, int jobs, int[] shape) {
    int left = jobs;
    // whole arrays are small (16 tasks), the others as large as Slurm allows
    int chunk = kind == Kind.ARRAY ? 16 : MAX_ARRAY;
    while (left > 0) {
      int s = shape[0]++;
      ScaleSpec.PoolShape pool = pools.get(s % pools.size());
      int nodes = Math.min(NODE_SHAPES[s % NODE_SHAPES.length], pool.nodes());
      int gpus = Math.min(GPU_SHAPES[s % GPU_SHAPES.length], pool.gpus());
      int count = Math.min(chunk, left);
      out.add(new Batch(kind, pool.name(), pool.gpuModel(), nodes, gpus, count));
      left -= count;
    }
  }

  private static int gpus(int i, ScaleSpec.PoolShape pool) {
    return Math.min(GPU_SHAPES[(GPU_SHAPES.length - 1 - i % GPU_SHAPES.length)], pool.gpus());
  }

  static int jobs(List<Batch> batches) {
    return batches.stream().mapToInt(Batch::count).sum();
  }

  static int nodes(List<Batch> batches) {
    return batches.stream().mapToInt(b -> b.nodes() * b.count()).sum();
  }
}
