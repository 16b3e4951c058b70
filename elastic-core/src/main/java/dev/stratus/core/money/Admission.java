package dev.stratus.core.money;

import java.math.BigDecimal;
import java.util.List;

/** What {@link BudgetAdmission} decided for one request. */
public sealed interface Admission {
  long jobId();

  /**
   * Go ahead with these candidates (the request's, minus on-demand ones when a soft spot-only
   * budget is spent); {@code forecast} is what the first of them reserves.
   */
  record Admit(long jobId, List<AdmissionRequest.Candidate> candidates, BigDecimal forecast)
      implements Admission {
    public Admit {
      candidates = List.copyOf(candidates);
    }
  }

  /** Not now: {@code reason} is the text Slurm shows ({@code stratus: budget ...}). */
  record Hold(long jobId, String budget, String reason) implements Admission {}
}
