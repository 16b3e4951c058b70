package dev.stratus.core.money;

import dev.stratus.core.money.AdmissionRequest.Candidate;
import dev.stratus.core.money.Budget.Mode;
import dev.stratus.core.money.BudgetPeriod.Window;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
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
    List<Active> active = new ArrayList<>();
    for (Budget b : budgets) {
      Optional<Window> w = b.period().window(now);
      if (w.isPresent()) {
        active.add(
            new Active(
                b,
                spent.getOrDefault(b.name(), BigDecimal.ZERO),
                reserved.getOrDefault(b.name(), BigDecimal.ZERO)));
      }
    }
    Map<String, BigDecimal> admitted = new HashMap<>();
    List<Admission> out = new ArrayList<>(requests.size());
    for (AdmissionRequest r : requests) {
      out.add(decide(r, active, admitted));
    }
    return out;
  }

  private record Active(Budget budget, BigDecimal spent, BigDecimal reserved) {
    BigDecimal committed(Map<String, BigDecimal> admitted) {
      return spent.add(reserved).add(admitted.getOrDefault(budget.name(), BigDecimal.ZERO));
    }
  }

  private static Admission decide(
      AdmissionRequest r, List<Active> active, Map<String, BigDecimal> admitted) {
    List<Active> covering =
        active.stream().filter(a -> a.budget().scope().covers(r.owner(), r.pool())).toList();
    List<Candidate> allowed = r.candidates();
    for (Active a : covering) {
      Budget b = a.budget();
      if (b.mode() == Mode.SOFT
          && b.spotOnly()
          && a.committed(admitted).compareTo(b.amount()) >= 0) {
        allowed = allowed.stream().filter(Candidate::spot).toList();
        if (allowed.isEmpty()) {
          return new Admission.Hold(r.jobId(), b.name(), BudgetReasons.spotOnly(b, a.spent()));
        }
      }
    }
    boolean hard = covering.stream().anyMatch(a -> a.budget().mode() == Mode.HARD);
    if (hard && r.timeLimit().isEmpty()) {
      Budget b =
          covering.stream()
              .filter(a -> a.budget().mode() == Mode.HARD)
              .findFirst()
              .orElseThrow()
              .budget();
      return new Admission.Hold(r.jobId(), b.name(), BudgetReasons.noTimeLimit(b));
    }
    Candidate first = allowed.get(0);
    BigDecimal forecast =
        r.timeLimit().map(t -> first.forecast(r.nodes(), t)).orElse(BigDecimal.ZERO);
    for (Active a : covering) {
      Budget b = a.budget();
      BigDecimal committed = a.committed(admitted);
      if (b.mode() == Mode.HARD && committed.add(forecast).compareTo(b.amount()) > 0) {
        BigDecimal reservedNow = committed.subtract(a.spent());
        return new Admission.Hold(
            r.jobId(), b.name(), BudgetReasons.over(b, a.spent(), reservedNow, forecast));
      }
    }
    for (Active a : covering) {
      admitted.merge(a.budget().name(), forecast, BigDecimal::add);
    }
    return new Admission.Admit(r.jobId(), allowed, forecast);
  }
}
