package dev.stratus.core.money;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The cost ledger: every instance Stratus ran and every job allocation on it, kept across
 * controller restarts (the one thing Stratus stores, ADR 0010). The implementation is {@code
 * stratus-ledger}'s SQLite ledger; the core only knows this port.
 *
 * <p><b>Reconciling.</b> Each pass hands over what it observed. An instance seen alive is billed up
 * to that observation. An instance no longer listed by a provider whose list succeeded is closed:
 * at the time Stratus asked the cloud to terminate it, when it did and that was after the last
 * sighting (the clouds stop billing when termination begins); otherwise at the first pass that
 * missed it, an upper bound (the cloud stopped billing somewhere between the last sighting and
 * then), so the ledger never undercounts. Each reconcile is one transaction: a crash loses at most
 * that pass, and the next one bills the same instances from their launch times again, so no
 * instance-second is lost or counted twice.
 *
 * <p>Implementations are safe for one writer thread and concurrent readers.
 */
public interface CostLedger extends AutoCloseable {
  /** Records one pass's observation (see above). */
  void reconcile(LedgerObservation observation);

  /** Stratus asked the cloud to terminate these instances at {@code at}. */
  void terminationRequested(Collection<String> instanceIds, Instant at);

  /** Instances alive in {@code [from, to)}, their nodes' allocations, and the jobs' owners. */
  LedgerExtract extract(Instant from, Instant to);

  /** Everything that makes up one job's cost: its nodes' instances and their allocations. */
  LedgerExtract extractJob(long jobId);

  /**
   * Jobs whose every allocation has ended and whose cost has not yet been written to Slurm, oldest
   * first, at most {@code limit}.
   */
  List<Long> finishedJobsWithoutRecordedCost(int limit);

  /** The cost of this finished job was written where sacct shows it. */
  void costRecorded(long jobId, String text, Instant at);

  /** When the last reconcile happened, if ever. */
  Optional<Instant> lastReconciled();

  @Override
  void close();
}
