package dev.stratus.policy;

import java.util.concurrent.atomic.LongAdder;

/**
 * How much work the stratus policy's tables took in this JVM, for benchmarks to print beside their
 * times: slack tables solved (and their cells: ticks x modes x market states x slack units), and
 * the daily model refits of {@link ModelEpochs}. Counts only; they never change a decision.
 */
public final class SolverWork {
  private static final LongAdder TABLES = new LongAdder();
  private static final LongAdder CELLS = new LongAdder();
  private static final LongAdder REFITS = new LongAdder();

  /** The counts at one moment; {@link #minus} gives the work between two. */
  public record Counts(long tablesSolved, long tableCells, long modelRefits) {
    public Counts minus(Counts before) {
      return new Counts(
          tablesSolved - before.tablesSolved,
          tableCells - before.tableCells,
          modelRefits - before.modelRefits);
    }
  }

  private SolverWork() {}

  public static Counts now() {
    return new Counts(TABLES.sum(), CELLS.sum(), REFITS.sum());
  }

  static void tableSolved(long cells) {
    TABLES.increment();
    CELLS.add(cells);
  }

  static void modelRefitted() {
    REFITS.increment();
  }
}
