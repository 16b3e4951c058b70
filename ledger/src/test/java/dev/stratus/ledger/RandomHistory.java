package dev.stratus.ledger;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.PriceOrigin;
import dev.stratus.api.model.Tags;
import dev.stratus.core.money.FaultRecord;
import dev.stratus.core.money.IdleSpan;
import dev.stratus.core.money.InstanceSighting;
import dev.stratus.core.money.JobOwner;
import dev.stratus.core.money.JobSighting;
import dev.stratus.core.money.LedgerObservation;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

/**
 * A seeded cluster history fed to the ledger pass by pass, as the controller would: nodes of three
 * clouds get instances (some asked for by a job) that run for hours, vanish or are terminated; jobs
 * of random users and accounts start on them with random GPUs, finish (seen finished once, or just
 * gone), or die with their node; now and then an instance that vanished days ago is listed again (a
 * cloud's listing glitch), so a settled instance is unsettled. {@link #withFaultsAndIdle} adds,
 * from a random stream of its own (the history stays the same), GPU faults on running instances
 * (some sent twice), admission faults of instances no pass lists, and idle spans that grow.
 */
final class RandomHistory {
  static final Instant T0 = Instant.parse("2026-10-01T05:17:00Z");
  static final Duration PASS = Duration.ofMinutes(30);
  private static final String[] PROVIDERS = {"aws", "azure", "local"};

  private record Live(Instance instance, String provider, BigDecimal price) {}

  private record Job(JobOwner owner, String node, int gpus, Instant start) {}

  private final Random random;
  private final Map<String, Live> instances = new HashMap<>();
  private final List<Live> gone = new ArrayList<>();
  private final List<Job> jobs = new ArrayList<>();
  private final List<JobOwner> pending = new ArrayList<>();
  private long nextJob = 1;
  private int nextInstance = 1;
  private Live ghost;
  private int ghostPasses;
  private Random extra;
  private final List<IdleSpan> idle = new ArrayList<>();

  RandomHistory(long seed) {
    this.random = new Random(seed);
  }

  RandomHistory withFaultsAndIdle(long seed) {
    extra = new Random(seed);
    return this;
  }

  static Instant at(int pass) {
    return T0.plus(PASS.multipliedBy(pass));
  }

  /** The instance listed again days after it vanished. */
  String ghost() {
    return ghost.instance().id();
  }

  /** Runs {@code passes} passes into {@code ledger}. */
  void run(SqliteCostLedger ledger, int passes) {
    for (int p = 0; p < passes; p++) {
      Instant now = at(p);
      List<JobSighting> sightings = new ArrayList<>();
      List<String> terminated = new ArrayList<>();
      step(now, sightings, terminated);
      if (!terminated.isEmpty()) {
        ledger.terminationRequested(terminated, now.minusSeconds(1 + random.nextInt(200)));
      }
      List<InstanceSighting> seen = new ArrayList<>();
      instances.values().forEach(l -> seen.add(sighting(l)));
      if (ghost != null && ghostPasses-- > 0) {
        seen.add(sighting(ghost));
      }
      ledger.reconcile(new LedgerObservation(now, seen, Set.of(PROVIDERS), Optional.of(sightings)));
      if (extra != null) {
        faultsAndIdle(ledger, now);
      }
    }
  }

  private void faultsAndIdle(SqliteCostLedger ledger, Instant now) {
    for (Job j : jobs) {
      if (extra.nextInt(6) == 0) {
        Instant from = j.start().plusSeconds(extra.nextInt(600));
        IdleSpan span =
            new IdleSpan(
                j.owner().jobId(),
                j.node(),
                from,
                from.plusSeconds(extra.nextInt(3000)),
                1 + extra.nextInt(8));
        idle.add(span);
        ledger.idleRecorded(span);
      }
    }
    if (!idle.isEmpty() && extra.nextInt(3) == 0) { // a span grows
      IdleSpan s = idle.get(extra.nextInt(idle.size()));
      ledger.idleRecorded(
          new IdleSpan(
              s.jobId(), s.node(), s.from(), s.to().plusSeconds(extra.nextInt(900)), s.idleGpus()));
    }
    for (Live l : instances.values()) {
      if (extra.nextInt(60) == 0) {
        Instant launched = l.instance().launchedAt();
        Instant at = now.minusSeconds(extra.nextInt(600));
        at = at.isBefore(launched) ? launched : at;
        Map<Long, Instant> lost = new HashMap<>();
        for (Job j : jobs) {
          if (j.node().equals(nodeOf(l))) {
            Instant from = j.start().plusSeconds(extra.nextInt(900));
            lost.put(j.owner().jobId(), from.isAfter(at) ? at : from);
          }
        }
        FaultRecord f = fault(l, l.instance().id(), launched, at, lost, false);
        ledger.faultRecorded(f);
        if (extra.nextBoolean()) {
          ledger.faultRecorded(f);
        }
      }
    }
    if (extra.nextInt(20) == 0 && !instances.isEmpty()) {
      Live like = instances.values().iterator().next();
      String id = "i-adm-" + nextInstance++;
      ledger.faultRecorded(
          fault(like, id, now.minusSeconds(600), now.minusSeconds(300), Map.of(), true));
      ledger.terminationRequested(List.of(id), now.minusSeconds(100));
    }
  }

  private static FaultRecord fault(
      Live l, String id, Instant launched, Instant at, Map<Long, Instant> lost, boolean admission) {
    return new FaultRecord(
        id,
        l.provider(),
        l.instance().offering().toString(),
        l.instance().tags().get(Tags.POOL),
        "gpu",
        nodeOf(l),
        l.instance().offering().capacityType(),
        8,
        l.price(),
        launched,
        at,
        admission ? "admission level 1: dcgm diag failed" : "xid 79: GPU has fallen off the bus",
        lost,
        admission);
  }

  private void step(Instant now, List<JobSighting> sightings, List<String> terminated) {
    for (int n = 0; n < 10; n++) {
      String node = "gpu-" + n;
      Live l = instances.get(node);
      if (l == null) {
        if (random.nextInt(4) == 0) {
          launch(node, now);
        }
      } else if (random.nextInt(40) == 0) {
        instances.remove(node);
        gone.add(l);
        if (random.nextBoolean()) {
          terminated.add(l.instance().id());
        }
        endJobsOn(node, now, sightings);
      }
    }
    for (JobOwner p : pending) {
      sightings.add(
          new JobSighting(
              p, "PENDING", List.of(), 8, Optional.empty(), Optional.empty(), Optional.empty()));
    }
    if (random.nextInt(5) == 0) {
      pending.clear(); // they ran somewhere else, or were cancelled
    }
    for (Iterator<Job> it = jobs.iterator(); it.hasNext(); ) {
      Job j = it.next();
      int fate = random.nextInt(12);
      if (fate == 0) {
        it.remove();
        sightings.add(sighting(j, Optional.of(now.minusSeconds(random.nextInt(500)))));
      } else if (fate == 1) {
        it.remove(); // gone from squeue without being seen finished
      } else {
        sightings.add(sighting(j, Optional.empty()));
      }
    }
    for (Live l : instances.values()) {
      if (random.nextInt(3) == 0) {
        String account = "acct-" + random.nextInt(4);
        JobOwner owner = new JobOwner(nextJob++, "u" + random.nextInt(6), account, "gpu");
        Job j = new Job(owner, nodeOf(l), random.nextInt(9), now.minusSeconds(random.nextInt(500)));
        jobs.add(j);
        sightings.add(sighting(j, Optional.empty()));
      }
    }
    if (ghost == null && gone.size() > 5 && now.isAfter(T0.plus(Duration.ofDays(3)))) {
      ghost = gone.get(1);
      ghostPasses = 3;
    }
  }

  private void launch(String node, Instant now) {
    String provider = PROVIDERS[random.nextInt(PROVIDERS.length)];
    boolean spot = random.nextBoolean();
    Map<String, String> tags =
        new HashMap<>(Map.of(Tags.NODE, node, Tags.POOL, "pool-" + node.charAt(4) % 2));
    if (random.nextBoolean()) { // asked for by a pending job, which squeue shows
      JobOwner asker = new JobOwner(nextJob++, "u" + random.nextInt(6), "acct-9", "gpu");
      tags.put(Tags.JOB, Long.toString(asker.jobId()));
      pending.add(asker);
    }
    OfferingKey key =
        new OfferingKey(
            provider, "r", "z", "gpu-x8", spot ? CapacityType.SPOT : CapacityType.ON_DEMAND);
    Instance i =
        new Instance(
            "i-" + nextInstance++,
            key,
            InstanceState.RUNNING,
            now.minusMillis(random.nextInt(300_000)),
            "10.0.0.1",
            tags);
    BigDecimal price =
        new BigDecimal(spot ? "39.33" : "98.32").add(BigDecimal.valueOf(random.nextInt(100), 3));
    instances.put(node, new Live(i, provider, price));
  }

  private void endJobsOn(String node, Instant now, List<JobSighting> sightings) {
    for (Iterator<Job> it = jobs.iterator(); it.hasNext(); ) {
      Job j = it.next();
      if (j.node().equals(node)) {
        it.remove();
        sightings.add(sighting(j, Optional.of(now.minusSeconds(random.nextInt(100)))));
      }
    }
  }

  private static String nodeOf(Live l) {
    return l.instance().nodeName().orElseThrow();
  }

  private static InstanceSighting sighting(Live l) {
    String pool = l.instance().tags().get(Tags.POOL);
    return new InstanceSighting(l.instance(), pool, "gpu", 8, l.price(), PriceOrigin.CONFIGURED);
  }

  private static JobSighting sighting(Job j, Optional<Instant> ended) {
    return new JobSighting(
        j.owner(),
        ended.isPresent() ? "COMPLETED" : "RUNNING",
        List.of(j.node()),
        j.gpus(),
        Optional.of(j.start()),
        ended,
        Optional.of(Duration.ofHours(4)));
  }
}
