package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notNull;

import java.util.Locale;

/**
 * What a budget covers. The cluster covers every charge, idle and faulty time included; a partition
 * or a pool covers its jobs and its own idle and faulty time; an account or a user covers only its
 * jobs, their waste included (idle time is nobody's job, and faulty time, a faulty node's and the
 * work jobs lost to a fault, is the offering's: budgets see only what the account used). {@code
 * name} is empty for the cluster.
 */
public record BudgetScope(Kind kind, String name) {
  public enum Kind {
    CLUSTER,
    ACCOUNT,
    USER,
    PARTITION,
    POOL
  }

  public static final BudgetScope CLUSTER = new BudgetScope(Kind.CLUSTER, "");

  public BudgetScope {
    notNull("kind", kind);
    name = name == null ? "" : name;
    if ((kind == Kind.CLUSTER) != name.isBlank()) {
      throw new IllegalArgumentException(
          kind == Kind.CLUSTER
              ? "the cluster scope takes no name"
              : "a " + kind.name().toLowerCase(Locale.ROOT) + " scope needs a name");
    }
  }

  public static BudgetScope account(String name) {
    return new BudgetScope(Kind.ACCOUNT, name);
  }

  /** Whether a charge counts against this budget. */
  public boolean covers(CostKey key) {
    return switch (kind) {
      case CLUSTER -> true;
      case ACCOUNT -> key.owned() && key.account().equals(name);
      case USER -> key.owned() && key.user().equals(name);
      case PARTITION -> key.partition().equals(name);
      case POOL -> key.pool().equals(name);
    };
  }

  /** Whether a job with this owner, in this pool, counts against this budget. */
  public boolean covers(JobOwner owner, String pool) {
    return switch (kind) {
      case CLUSTER -> true;
      case ACCOUNT -> owner.account().equals(name);
      case USER -> owner.user().equals(name);
      case PARTITION -> owner.partition().equals(name);
      case POOL -> name.equals(pool);
    };
  }

  /** {@code account team-a}, {@code cluster}. */
  public String label() {
    String k = kind.name().toLowerCase(Locale.ROOT);
    return kind == Kind.CLUSTER ? k : k + " " + name;
  }
}
