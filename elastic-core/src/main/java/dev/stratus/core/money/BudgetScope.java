package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notNull;

import java.util.Locale;

/**
 * What a budget covers. The cluster covers every charge, idle time included; a partition or a pool
 * covers its jobs and its own idle time; an account or a user covers only its jobs (idle time is
 * nobody's job). {@code name} is empty for the cluster.
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
      case ACCOUNT -> !key.idle() && key.account().equals(name);
      case USER -> !key.idle() && key.user().equals(name);
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
