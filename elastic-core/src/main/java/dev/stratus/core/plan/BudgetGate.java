package dev.stratus.core.plan;

import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.core.money.Admission;
import dev.stratus.core.money.AdmissionRequest;
import dev.stratus.core.money.AdmissionRequest.Candidate;
import dev.stratus.core.money.BudgetAdmission;
import dev.stratus.core.money.BudgetFigures;
import dev.stratus.core.money.JobOwner;
import dev.stratus.core.money.Reservations;
import dev.stratus.core.slurm.SlurmJob;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Dollar admission inside the plan (pure). The jobs held for a budget come first (they waited
 * longest, in job id order), then this pass's launches in request order; {@link
 * BudgetAdmission#decide} takes them one after another against the budgets' spent and reserved
 * sums, so two requests never share the last dollars. An admitted launch keeps only the candidates
 * admission lists; a refused one becomes a {@link Action.HoldJob} and a {@link
 * Action.ForcePowerDown} of its nodes (its request is still acknowledged); a held job admitted now
 * is released ({@link Action.ReleaseJob}). A launch for a job already held (a request replayed
 * after the hold, its other launches still in flight) is dropped: Slurm took the job's nodes back.
 * Launches for no job (job 0) have no owner and pass.
 *
 * <p>Reserved is the ledger's (running jobs it has seen on instances) plus the forecast of every
 * job Slurm has allocated that the ledger does not cover yet and that is not decided in this pass:
 * a job admitted by the last pass whose launch is still in flight holds its dollars.
 */
public final class BudgetGate {
  /** How a job held for a budget starts its AdminComment (the reasons of {@code BudgetReasons}). */
  static final String HELD = "stratus: budget ";

  private BudgetGate() {}

  /**
   * The requests' {@code actions} as admission decides: launches kept (with the candidates the
   * budgets allow), turned into holds, or dropped, and releases of held jobs added. {@code actions}
   * itself is not changed; without budgets it is returned as it is.
   */
  static List<Action> admit(Snapshot s, ClusterIndex index, List<Action> actions) {
    BudgetFigures figures = s.money().budgets();
    if (figures.budgets().isEmpty()) {
      return actions;
    }
    Map<Long, SlurmJob> jobs = new HashMap<>();
    s.slurm().jobs().forEach(j -> jobs.put(j.jobId(), j));
    List<AdmissionRequest> requests = new ArrayList<>();
    List<Long> heldJobs = new ArrayList<>();
    for (SlurmJob job :
        s.slurm().jobs().stream().filter(BudgetGate::heldForBudget).sorted(byId()).toList()) {
      heldRequest(s, index, job)
          .ifPresent(
              r -> {
                requests.add(r);
                heldJobs.add(job.jobId());
              });
    }
    Set<Long> deciding = new HashSet<>(heldJobs);
    for (Action a : actions) {
      if (a instanceof Action.Launch l && l.jobId() > 0 && !heldJobs.contains(l.jobId())) {
        requests.add(launchRequest(l, owner(jobs.get(l.jobId()), l.jobId()), jobs.get(l.jobId())));
        deciding.add(l.jobId());
      }
    }
    if (requests.isEmpty()) {
      return actions;
    }
    Map<String, BigDecimal> reserved = new HashMap<>(figures.reserved());
    Reservations.perBudget(
            figures.budgets(), allocatedNotInLedger(s, index, figures, deciding), Map.of(), s.now())
        .forEach((b, amount) -> reserved.merge(b, amount, BigDecimal::add));
    Map<Long, Admission> decided = new LinkedHashMap<>();
    for (Admission d :
        BudgetAdmission.decide(figures.budgets(), figures.spent(), reserved, requests, s.now())) {
      decided.putIfAbsent(d.jobId(), d);
    }
    List<Action> out = new ArrayList<>(actions.size() + heldJobs.size());
    for (Action a : actions) {
      if (a instanceof Action.Launch l && heldJobs.contains(l.jobId())) {
        continue; // a replayed request of a job held since: Slurm took its nodes back
      }
      if (a instanceof Action.Launch l && decided.get(l.jobId()) != null) {
        rewrite(l, decided.get(l.jobId()), jobs.get(l.jobId()), out);
      } else {
        out.add(a);
      }
    }
    for (long job : heldJobs) {
      if (decided.get(job) instanceof Admission.Admit) {
        out.add(new Action.ReleaseJob(job, "stratus: released: the budgets now admit this job"));
      }
    }
    return out;
  }

  /**
   * Why the budgets would not admit {@code job} on {@code nodes} nodes of {@code candidates} now
   * (the job's own reservation still counted: a move must fit beside what the job holds); empty
   * when they would, or when no budget is set.
   */
  static Optional<String> refuses(
      Snapshot s, SlurmJob job, String pool, int nodes, List<Offering> candidates) {
    BudgetFigures figures = s.money().budgets();
    if (figures.budgets().isEmpty() || candidates.isEmpty()) {
      return Optional.empty();
    }
    AdmissionRequest request =
        new AdmissionRequest(
            owner(job, job.jobId()),
            pool,
            nodes,
            job.accounting().timeLimit(),
            candidates.stream().map(BudgetGate::candidate).toList());
    return BudgetAdmission.decide(
            figures.budgets(), figures.spent(), figures.reserved(), List.of(request), s.now())
        .stream()
        .filter(a -> a instanceof Admission.Hold)
        .map(a -> "budget " + ((Admission.Hold) a).budget() + ": " + ((Admission.Hold) a).reason())
        .findFirst();
  }

  /** A pending job whose hold Stratus set for a budget (its AdminComment says so). */
  static boolean heldForBudget(SlurmJob job) {
    return job.pending()
        && job.accounting().adminComment().startsWith(HELD)
        && job.reason().toLowerCase(Locale.ROOT).contains("held");
  }

  /** The budget a job is held for, from its AdminComment; empty when it is not held for one. */
  public static Optional<String> heldFor(SlurmJob job) {
    if (!heldForBudget(job)) {
      return Optional.empty();
    }
    String rest = job.accounting().adminComment().substring(HELD.length());
    int end = rest.indexOf(' ');
    return Optional.of(end < 0 ? rest : rest.substring(0, end));
  }

  private static Comparator<SlurmJob> byId() {
    return Comparator.comparingLong(SlurmJob::jobId);
  }

  private static void rewrite(Action.Launch l, Admission d, SlurmJob job, List<Action> out) {
    if (d instanceof Admission.Admit admit) {
      Set<OfferingKey> allowed = new HashSet<>();
      admit.candidates().forEach(c -> allowed.add(c.offering()));
      List<Offering> kept = l.candidates().stream().filter(o -> allowed.contains(o.key())).toList();
      out.add(
          new Action.Launch(
              l.requestId(), l.pool(), l.jobId(), l.nodes(), kept, l.tokenSeed(), l.reason()));
    } else if (d instanceof Admission.Hold hold) {
      boolean allocated = job == null || !job.pending();
      out.add(new Action.HoldJob(l.jobId(), allocated, hold.budget(), hold.reason()));
      out.add(
          new Action.ForcePowerDown(
              l.nodes(), Reasons.of("job " + l.jobId() + " held for budget " + hold.budget())));
    }
  }

  private static AdmissionRequest launchRequest(Action.Launch l, JobOwner owner, SlurmJob job) {
    return new AdmissionRequest(
        owner,
        l.pool(),
        l.nodes().size(),
        job == null ? Optional.empty() : job.accounting().timeLimit(),
        l.candidates().stream().map(BudgetGate::candidate).toList());
  }

  /** The request a held job would make: its node count in the first pool of its partition. */
  private static Optional<AdmissionRequest> heldRequest(
      Snapshot s, ClusterIndex index, SlurmJob job) {
    Pool pool = poolOfPartition(s, job.partition());
    if (pool == null) {
      return Optional.empty();
    }
    int nodes = Math.max(1, job.nodeCount());
    List<Offering> candidates =
        OfferingChoice.of(
                s,
                pool,
                nodes,
                index.restartsOf(job.jobId()),
                index.constraintOf(job.jobId()),
                index.timeLimitOf(job.jobId()),
                "job " + job.jobId())
            .candidates();
    if (candidates.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new AdmissionRequest(
            owner(job, job.jobId()),
            pool.name(),
            nodes,
            job.accounting().timeLimit(),
            candidates.stream().map(BudgetGate::candidate).toList()));
  }

  /**
   * Jobs Slurm has allocated (not pending, not finished) that the ledger's reservations do not
   * cover and this pass does not decide: each reserves nodes × the price of its pool's first
   * offering × its time limit.
   */
  private static List<Reservations.RunningJob> allocatedNotInLedger(
      Snapshot s, ClusterIndex index, BudgetFigures figures, Set<Long> deciding) {
    List<Reservations.RunningJob> out = new ArrayList<>();
    for (SlurmJob job : s.slurm().jobs()) {
      if (job.pending()
          || job.finished()
          || figures.reservedJobs().contains(job.jobId())
          || deciding.contains(job.jobId())
          || job.accounting().timeLimit().isEmpty()) {
        continue;
      }
      Pool pool = poolOfPartition(s, job.partition());
      if (pool == null || pool.offerings().isEmpty()) {
        continue;
      }
      int nodes = Math.max(1, job.nodeCount());
      List<Offering> ordered =
          pool.spotPolicy().order(pool.offerings(), index.restartsOf(job.jobId()));
      Offering first = ordered.isEmpty() ? pool.offerings().get(0) : ordered.get(0);
      out.add(
          new Reservations.RunningJob(
              owner(job, job.jobId()),
              pool.name(),
              candidate(first).forecast(nodes, job.accounting().timeLimit().get())));
    }
    return out;
  }

  private static Pool poolOfPartition(Snapshot s, String partitions) {
    for (String partition : partitions.split(",")) {
      for (Pool p : s.pools()) {
        if (p.partition().equals(partition.strip())) {
          return p;
        }
      }
    }
    return null;
  }

  private static JobOwner owner(SlurmJob job, long id) {
    if (job == null) {
      return JobOwner.unknown(id);
    }
    return new JobOwner(id, job.accounting().user(), job.accounting().account(), job.partition());
  }

  private static Candidate candidate(Offering o) {
    return new Candidate(o.key(), o.pricePerHour());
  }
}
