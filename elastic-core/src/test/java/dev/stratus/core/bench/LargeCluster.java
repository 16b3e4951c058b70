package dev.stratus.core.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Pool;
import dev.stratus.api.model.Tags;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.core.testing.FakeSlurm;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.core.testing.InMemoryRequests;
import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.SpoolRequest;
import dev.stratus.testkit.fake.FakeNodeProvider;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

/**
 * The large cluster of the controller benchmarks: 2,000 nodes in 4 pools of 500 (or another size)
 * (half powered down, a quarter running a job on a live instance, an eighth powering up, an eighth
 * DOWN by Stratus), 10,000 pending jobs (or another count), and 50 resume requests for the nodes
 * powering up. Seeded, so every run sees the same cluster. It can be put into the in-memory Slurm,
 * or written as the JSON that Slurm 22.05's {@code sinfo --json} and {@code squeue --json} print
 * (from the recorded samples), behind stand-in {@code sinfo}/{@code squeue}/{@code scontrol}/{@code
 * scancel} commands.
 */
final class LargeCluster {
  static final int PENDING_JOBS = 10_000;
  static final Offering SPOT = Fixtures.offering("fake", "a", CapacityType.SPOT, "30");

  final Instant now;
  final List<Pool> pools = new ArrayList<>();
  final List<SlurmNode> nodes = new ArrayList<>();
  final List<SlurmJob> jobs = new ArrayList<>();
  final List<String> running = new ArrayList<>();
  final List<List<String>> resumes = new ArrayList<>();

  LargeCluster(Instant now) {
    this(now, 500, PENDING_JOBS);
  }

  /** {@code poolSize} nodes in each of the 4 pools, {@code pendingJobs} pending jobs. */
  LargeCluster(Instant now, int poolSize, int pendingJobs) {
    this.now = now;
    Random random = new Random(42);
    for (String name : List.of("h100a", "h100b", "a100a", "a100b")) {
      pools.add(Fixtures.pool(name, poolSize, SPOT));
    }
    List<String> poweringUp = new ArrayList<>();
    long runningJob = 1_000_000;
    for (Pool pool : pools) {
      for (String name : pool.nodeNames()) {
        int kind = random.nextInt(8);
        if (kind < 4) {
          nodes.add(node(name, pool, "idle", "", "CLOUD", "POWERED_DOWN"));
        } else if (kind < 6) {
          nodes.add(node(name, pool, "allocated", "", "CLOUD"));
          running.add(name);
          jobs.add(job(runningJob++, pool, "RUNNING", name, 1));
        } else if (kind == 6) {
          nodes.add(node(name, pool, "mixed", "", "CLOUD", "POWERING_UP"));
          poweringUp.add(name);
        } else {
          nodes.add(node(name, pool, "down", "stratus: x", "CLOUD", "POWERED_DOWN"));
        }
      }
    }
    for (int r = 0; r < 50 && !poweringUp.isEmpty(); r++) {
      List<String> batch = new ArrayList<>();
      for (int k = 0; k < 4 && !poweringUp.isEmpty(); k++) {
        batch.add(poweringUp.remove(poweringUp.size() - 1));
      }
      resumes.add(batch);
    }
    for (int j = 1; j <= pendingJobs; j++) {
      jobs.add(job(j, pools.get(j % 4), "PENDING", "", 2));
    }
  }

  private static SlurmNode node(String name, Pool pool, String state, String reason, String... f) {
    return new SlurmNode(
        name, state, Set.of(f), reason, "", "gpu:h100:8", List.of(pool.partition()));
  }

  private SlurmJob job(long id, Pool pool, String state, String nodes, int count) {
    boolean started = state.equals("RUNNING");
    return new SlurmJob(
        id,
        "train",
        state,
        started ? "None" : "Resources",
        pool.partition(),
        nodes,
        count,
        "gpu:h100:8",
        0,
        true,
        started ? Optional.of(now.minusSeconds(600)) : Optional.empty());
  }

  /** The cloud: one live instance per running node, launched ten minutes ago. */
  FakeNodeProvider cloud(Clock clock) {
    FakeNodeProvider cloud = new FakeNodeProvider("fake", List.of(SPOT), clock);
    for (String node : running) {
      cloud.inject(SPOT.key(), Map.of(Tags.CLUSTER, "test", Tags.NODE, node, Tags.POOL, "p"));
    }
    return cloud;
  }

  /** The 50 resume requests slurmctld wrote for the nodes powering up, one job per node. */
  InMemoryRequests spool() {
    InMemoryRequests spool = new InMemoryRequests();
    long job = 2_000_000;
    for (int r = 0; r < resumes.size(); r++) {
      List<String> batch = resumes.get(r);
      long first = job + r * 4L;
      spool.add(
          new SpoolRequest(
              "r" + r,
              HookKind.RESUME,
              batch,
              batch.stream().map(n -> new ResumeFile.JobNodes(first, n)).toList(),
              now));
    }
    return spool;
  }

  FakeSlurm inMemorySlurm() {
    FakeSlurm slurm = new FakeSlurm();
    nodes.forEach(slurm::put);
    jobs.forEach(slurm::addJob);
    return slurm;
  }

  /**
   * Writes {@code sinfo --json} and {@code squeue --json} as Slurm 22.05 prints them (indented, the
   * recorded samples' fields) into {@code dir}, and stand-in commands in {@code dir/bin}: sinfo and
   * squeue print the files, scontrol and scancel succeed. Returns the bin dir.
   */
  Path writeSlurm22(Path dir) throws IOException {
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode sinfo = sample(json, "sinfo-lab.json");
    ObjectNode nodeTemplate = (ObjectNode) sinfo.get("nodes").get(0);
    ArrayNode nodeArray = sinfo.putArray("nodes");
    for (SlurmNode n : nodes) {
      ObjectNode item = nodeTemplate.deepCopy();
      item.put("name", n.name()).put("hostname", n.name()).put("address", n.name());
      item.put("state", n.state()).put("reason", n.reason());
      ArrayNode flags = item.putArray("state_flags");
      n.flags().forEach(flags::add);
      item.putArray("partitions").add(n.partitions().get(0));
      nodeArray.add(item);
    }
    ObjectNode squeue = sample(json, "squeue-pending-cancelled.json");
    ObjectNode jobTemplate = (ObjectNode) squeue.get("jobs").get(0);
    ArrayNode jobArray = squeue.putArray("jobs");
    for (SlurmJob j : jobs) {
      ObjectNode item = jobTemplate.deepCopy();
      item.put("job_id", j.jobId()).put("job_state", j.state()).put("state_reason", j.reason());
      item.put("partition", j.partition()).put("nodes", j.nodes()).put("node_count", j.nodeCount());
      item.put("batch_host", j.nodes());
      item.put("start_time", j.started().map(Instant::getEpochSecond).orElse(0L));
      jobArray.add(item);
    }
    Path bin = Files.createDirectories(dir.resolve("bin"));
    json.writeValue(dir.resolve("sinfo.json").toFile(), sinfo);
    json.writeValue(dir.resolve("squeue.json").toFile(), squeue);
    command(bin, "sinfo", "exec cat " + dir.resolve("sinfo.json"));
    command(bin, "squeue", "exec cat " + dir.resolve("squeue.json"));
    command(bin, "scontrol", "exit 0");
    command(bin, "scancel", "exit 0");
    return bin;
  }

  private static ObjectNode sample(ObjectMapper json, String name) throws IOException {
    try (InputStream in = LargeCluster.class.getResourceAsStream("/slurm/22.05/" + name)) {
      JsonNode root = json.readTree(in);
      return (ObjectNode) root;
    }
  }

  private static void command(Path bin, String name, String body) throws IOException {
    Path file = bin.resolve(name);
    Files.writeString(file, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}
