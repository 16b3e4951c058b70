package dev.stratus.simulator.cluster;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.controller.Checkpoints;
import dev.stratus.core.controller.RequestSource;
import dev.stratus.core.plan.Action;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.hook.spool.SpoolRequest;
import dev.stratus.wire.InterruptionNotice;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The controller's four ways to the world (Slurm, each provider, the spool, the checkpoints) as
 * passes through a {@link Tape}: recording, they forward to the real (simulated) ones; playing
 * back, they answer from the tape ({@code real} is then never called).
 */
final class TapeWiring {
  private TapeWiring() {}

  static Wiring recording(Tape tape) {
    return new Wiring(
        s -> slurm(tape, s),
        p -> provider(tape, p.name(), p),
        r -> requests(tape, r),
        c -> checkpoints(tape, c),
        new Wiring.Steps() {
          @Override
          public void received(Instant at, InterruptionNotice notice) {
            tape.step("received", at, notice, List.of());
          }

          @Override
          public void passRan(Instant at, List<Action> actions) {
            tape.step("pass", at, null, actions);
          }

          @Override
          public void noticesRan(Instant at, List<Action> actions) {
            tape.step("notices", at, null, actions);
          }
        });
  }

  static ReplaySlurm slurm(Tape tape, ReplaySlurm real) {
    return new ReplaySlurm() {
      @Override
      public List<SlurmNode> nodes() {
        return tape.call("slurm", "nodes", () -> real.nodes());
      }

      @Override
      public List<SlurmJob> jobs() {
        return tape.call("slurm", "jobs", () -> real.jobs());
      }

      @Override
      public void setDown(Collection<String> nodes, String reason) {
        tape.call("slurm", "setDown", () -> run(() -> real.setDown(nodes, reason)), nodes, reason);
      }

      @Override
      public void resume(Collection<String> nodes) {
        tape.call("slurm", "resume", () -> run(() -> real.resume(nodes)), nodes);
      }

      @Override
      public void powerDownForce(Collection<String> nodes, String reason) {
        tape.call(
            "slurm",
            "powerDownForce",
            () -> run(() -> real.powerDownForce(nodes, reason)),
            nodes,
            reason);
      }

      @Override
      public void drain(Collection<String> nodes, String reason) {
        tape.call("slurm", "drain", () -> run(() -> real.drain(nodes, reason)), nodes, reason);
      }

      @Override
      public void requeue(long jobId) {
        tape.call("slurm", "requeue", () -> run(() -> real.requeue(jobId)), jobId);
      }

      @Override
      public void signalBatch(long jobId, String signal) {
        tape.call(
            "slurm",
            "signalBatch",
            () -> run(() -> real.signalBatch(jobId, signal)),
            jobId,
            signal);
      }

      @Override
      public void setFeatures(Collection<String> nodes, Collection<String> features) {
        tape.call(
            "slurm",
            "setFeatures",
            () -> run(() -> real.setFeatures(nodes, features)),
            nodes,
            features);
      }

      @Override
      public void reconfigure() {
        tape.call("slurm", "reconfigure", () -> run(real::reconfigure));
      }

      @Override
      public Map<String, String> topologyLeaves(String name) {
        return tape.call("slurm", "topologyLeaves", () -> real.topologyLeaves(name), name);
      }

      @Override
      public void setTopology(Collection<String> nodes, String topology, List<String> path) {
        tape.call(
            "slurm",
            "setTopology",
            () -> run(() -> real.setTopology(nodes, topology, path)),
            nodes,
            topology,
            path);
      }

      @Override
      public void hold(long jobId, String reason) {
        tape.call("slurm", "hold", () -> run(() -> real.hold(jobId, reason)), jobId, reason);
      }

      @Override
      public void requeueHold(long jobId, String reason) {
        tape.call(
            "slurm",
            "requeueHold",
            () -> run(() -> real.requeueHold(jobId, reason)),
            jobId,
            reason);
      }

      @Override
      public void release(long jobId, String note) {
        tape.call("slurm", "release", () -> run(() -> real.release(jobId, note)), jobId, note);
      }

      @Override
      public void recordCost(long jobId, String text) {
        tape.call(
            "slurm", "recordCost", () -> run(() -> real.recordCost(jobId, text)), jobId, text);
      }

      @Override
      public void note(long jobId, String text) {
        tape.call("slurm", "note", () -> run(() -> real.note(jobId, text)), jobId, text);
      }

      @Override
      public void cancel(long jobId, String reason) {
        tape.call("slurm", "cancel", () -> run(() -> real.cancel(jobId, reason)), jobId, reason);
      }
    };
  }

  static NodeProvider provider(Tape tape, String name, NodeProvider real) {
    String channel = "provider " + name;
    return new NodeProvider() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public List<Offering> offerings() {
        return tape.call(channel, "offerings", () -> real.offerings());
      }

      @Override
      public LaunchResult launch(LaunchRequest request) {
        return tape.call(channel, "launch", () -> real.launch(request), request);
      }

      @Override
      public List<Instance> list(String cluster) {
        return tape.call(channel, "list", () -> real.list(cluster), cluster);
      }

      @Override
      public Optional<Instance> get(String instanceId) {
        return tape.call(channel, "get", () -> real.get(instanceId), instanceId);
      }

      @Override
      public void terminate(Collection<String> instanceIds) {
        tape.call(channel, "terminate", () -> run(() -> real.terminate(instanceIds)), instanceIds);
      }
    };
  }

  static RequestSource requests(Tape tape, RequestSource real) {
    return new RequestSource() {
      @Override
      public List<SpoolRequest> pending() {
        return tape.call("spool", "pending", () -> real.pending());
      }

      @Override
      public void delete(String id) {
        tape.call("spool", "delete", () -> run(() -> real.delete(id)), id);
      }
    };
  }

  static Checkpoints checkpoints(Tape tape, Checkpoints real) {
    return jobId -> tape.call("checkpoints", "newest", () -> real.newest(jobId), jobId);
  }

  private static Boolean run(Runnable effect) {
    effect.run();
    return Boolean.TRUE;
  }
}
