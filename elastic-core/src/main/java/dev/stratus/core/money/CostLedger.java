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

  /**
   * A GPU fault on an instance (see {@link FaultRecord}): its time from the fault to its end, and
   * each job's time on it from its lost-work point to the fault, become {@code (faulty)} spend, the
   * offering's; an admission fault makes its whole life faulty. An instance the ledger has not seen
   * yet is recorded from the fault's fields, launched at {@code launched}, and closed as any other
   * (a pass that no longer lists it, or {@link #terminationRequested}). Of two faults on one
   * instance the earlier counts; recording the same fault again changes nothing.
   */
  void faultRecorded(FaultRecord fault);

  /**
   * Idle GPUs of a job (see {@link IdleSpan}): their share of its run on that node is waste. The
   * same job, node and start with a later end extends the span; never shortens it.
   */
  void idleRecorded(IdleSpan span);

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
