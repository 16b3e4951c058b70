package dev.stratus.core.money;

import java.util.Locale;

/** What {@code stratus cost report --by} groups charges by. */
public enum ReportKey {
  JOB,
  USER,
  ACCOUNT,
  PARTITION,
  POOL,
  CAPACITY_TYPE,
  OFFERING;

  /**
   * The group a charge falls in; idle charges are {@code (idle)} by job, user and account, faulty
   * ones {@code (faulty)}.
   */
  public String of(CostKey k) {
    return switch (this) {
      case JOB ->
          k.idle()
              ? CostKey.IDLE_OWNER
              : k.faulty() ? CostKey.FAULTY_OWNER : Long.toString(k.jobId());
      case USER -> k.user();
      case ACCOUNT -> k.account();
      case PARTITION -> k.partition();
      case POOL -> k.pool();
      case CAPACITY_TYPE -> k.capacityType().name().toLowerCase(Locale.ROOT).replace('_', '-');
      case OFFERING -> k.offering();
    };
  }

  /** {@code job}, {@code capacity-type}: as the command line spells it. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public static ReportKey parse(String text) {
    for (ReportKey k : values()) {
      if (k.label().equals(text)) {
        return k;
      }
    }
    throw new IllegalArgumentException(
        "--by must be one of job, user, account, partition, pool, capacity-type, offering; got '"
            + text
            + "'");
  }
}
