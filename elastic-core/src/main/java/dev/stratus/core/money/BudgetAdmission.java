package dev.stratus.core.money;

import dev.stratus.core.money.AdmissionRequest.Candidate;
import dev.stratus.core.money.Budget.Mode;
import dev.stratus.core.money.BudgetPeriod.Window;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Dollar admission (pure): one pass over every pending request, in order, against every budget. For
 * each hard budget that covers a request, spent + reserved + what this pass already admitted + the
 * request's forecast must stay within the amount, or the request is held with the sums in its
 * reason. What is admitted counts at once against every budget that covers it, so two requests
 * racing for a budget's last dollars are never both admitted: the first in order gets them. A job
 * without a time limit has no forecast and never passes a hard budget. A soft budget with {@code
 * spotOnly} that is spent leaves a request only its spot candidates (held when it has none). A
 * budget whose fixed window does not contain {@code now} does not apply.
 */
public final class BudgetAdmission {
  private BudgetAdmission() {}

  /**
   * @param spent per budget name: what its current period has spent (absent: nothing)
   * @param reserved per budget name: what running jobs it covers still reserve
   */
  public static List<Admission> decide(
      List<Budget> budgets,
      Map<String, BigDecimal> spent,
      Map<String, BigDecimal> reserved,
      List<AdmissionRequest> requests,
      Instant now) {
    Covering covering = new Covering();
    for (Budget b : budgets) {
      Optional<Window> w = b.period().window(now);
      if (w.isPresent()) {
        BigDecimal s = spent.getOrDefault(b.name(), BigDecimal.ZERO);
        covering.add(
            new Active(
                covering.size(), b, s, s.add(reserved.getOrDefault(b.name(), BigDecimal.ZERO))));
      }
    }
    List<Admission> out = new ArrayList<>(requests.size());
    Map<NodeForecast, BigDecimal> perNode = new HashMap<>();
    for (AdmissionRequest r : requests) {
      out.add(decide(r, covering.of(r), perNode));
    }
    return out;
  }

  /**
   * One budget in its window: what it spent, and what is committed against it (spent + reserved +
   * what this call admitted so far, kept as a running sum).
   */
  private static final class Active {
    final int order;
    final Budget budget;
    final BigDecimal spent;
    BigDecimal committed;

    Active(int order, Budget budget, BigDecimal spent, BigDecimal committed) {
      this.order = order;
      this.budget = budget;
      this.spent = spent;
      this.committed = committed;
    }
  }

  /** The active budgets by what they cover, so a request finds its own without trying them all. */
  private static final class Covering {
    final List<Active> cluster = new ArrayList<>();
    final Map<BudgetScope.Kind, Map<String, List<Active>>> named =
        new EnumMap<>(BudgetScope.Kind.class);
    int size;

    int size() {
      return size;
    }

    void add(Active a) {
      size++;
      BudgetScope scope = a.budget.scope();
      if (scope.kind() == BudgetScope.Kind.CLUSTER) {
        cluster.add(a);
      } else {
        named
            .computeIfAbsent(scope.kind(), k -> new HashMap<>())
            .computeIfAbsent(scope.name(), k -> new ArrayList<>())
            .add(a);
      }
    }

    /** In the order the budgets were configured in. */
    List<Active> of(AdmissionRequest r) {
      List<Active> out = new ArrayList<>(cluster);
      add(out, BudgetScope.Kind.ACCOUNT, r.owner().account());
      add(out, BudgetScope.Kind.USER, r.owner().user());
      add(out, BudgetScope.Kind.PARTITION, r.owner().partition());
      add(out, BudgetScope.Kind.POOL, r.pool());
      if (out.size() > 1) {
        out.sort(Comparator.comparingInt(a -> a.order));
      }
      return out;
    }

    private void add(List<Active> out, BudgetScope.Kind kind, String name) {
      Map<String, List<Active>> byName = named.get(kind);
      if (byName != null) {
        out.addAll(byName.getOrDefault(name, List.of()));
      }
    }
  }

  /**
   * One node of an offering for a time limit: requests share few offerings and limits, so each
   * forecast's 34-digit division is done once per pass, not once per request.
   */
  private record NodeForecast(Candidate candidate, Duration limit) {}

  private static Admission decide(
      AdmissionRequest r, List<Active> covering, Map<NodeForecast, BigDecimal> perNode) {
    List<Candidate> allowed = r.candidates();
    for (Active a : covering) {
      Budget b = a.budget;
      if (b.mode() == Mode.SOFT && b.spotOnly() && a.committed.compareTo(b.amount()) >= 0) {
        allowed = allowed.stream().filter(Candidate::spot).toList();
        if (allowed.isEmpty()) {
          return new Admission.Hold(r.jobId(), b.name(), BudgetReasons.spotOnly(b, a.spent));
        }
      }
    }
    Optional<Active> hard = covering.stream().filter(a -> a.budget.mode() == Mode.HARD).findFirst();
    if (hard.isPresent() && r.timeLimit().isEmpty()) {
      Budget b = hard.get().budget;
      return new Admission.Hold(r.jobId(), b.name(), BudgetReasons.noTimeLimit(b));
    }
    Candidate first = allowed.get(0);
    BigDecimal forecast =
        r.timeLimit()
            .map(
                t ->
                    perNode
                        .computeIfAbsent(new NodeForecast(first, t), k -> first.forecast(1, t))
                        .multiply(BigDecimal.valueOf(r.nodes())))
            .orElse(BigDecimal.ZERO);
    for (Active a : covering) {
      Budget b = a.budget;
      if (b.mode() == Mode.HARD && a.committed.add(forecast).compareTo(b.amount()) > 0) {
        BigDecimal reservedNow = a.committed.subtract(a.spent);
        return new Admission.Hold(
            r.jobId(), b.name(), BudgetReasons.over(b, a.spent, reservedNow, forecast));
      }
    }
    for (Active a : covering) {
      a.committed = a.committed.add(forecast);
    }
    return new Admission.Admit(r.jobId(), allowed, forecast);
  }
}
