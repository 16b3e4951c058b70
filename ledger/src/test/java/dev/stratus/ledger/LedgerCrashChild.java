package dev.stratus.ledger;

import java.nio.file.Path;

/**
 * The process the crash test kills: reconciles passes {@code from..to} of a {@link Schedule} into
 * the ledger at {@code file}, printing {@code committed N} after each pass is committed.
 */
final class LedgerCrashChild {
  private LedgerCrashChild() {}

  public static void main(String[] args) {
    Path file = Path.of(args[0]);
    Schedule schedule = new Schedule(Integer.parseInt(args[1]));
    int from = Integer.parseInt(args[2]);
    try (SqliteCostLedger ledger = SqliteCostLedger.open(file, LedgerCrashTest.SETTLE)) {
      for (int pass = from; pass <= schedule.lastPass(); pass++) {
        ledger.reconcile(schedule.observation(pass));
        System.out.println("committed " + pass);
        System.out.flush();
      }
    }
  }
}
