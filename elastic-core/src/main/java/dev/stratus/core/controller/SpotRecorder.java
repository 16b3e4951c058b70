package dev.stratus.core.controller;

import static java.util.stream.Collectors.joining;

import dev.stratus.core.metrics.EventLog;
import dev.stratus.core.metrics.GpuSeconds;
import dev.stratus.core.metrics.StratusMetrics;
import dev.stratus.core.plan.Action;
import dev.stratus.core.plan.PendingNotice;
import dev.stratus.core.plan.Snapshot;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.wire.InterruptionNotice;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Records the spot outcomes the controller carries out as metrics and one structured event each
 * ({@link EventLog}): {@code notice} (every notice received), {@code signal}, {@code requeue} (with
 * its notice-to-requeue latency) and {@code reclaim} (a node found without its instance, i.e. a
 * reclaim without notice; a reclaim with notice is its {@code notice} event). A deadline move's
 * signal and requeue are the events {@code move_signal} and {@code move_requeue}, not counted as
 * spot losses. Facts come from the pass's snapshot, taken just before the action, so a job's start
 * time and GPUs are Slurm's own. Safe from any thread (the pass and the notice lane both record).
 */
final class SpotRecorder {
  private final StratusMetrics metrics;

  /**
   * Node of each noticed instance whose job was signalled: if that instance then vanishes before
   * its node is released, the reclaim was already counted with its notice and is not counted again
   * as one without notice.
   */
  private final Map<String, String> noticedNodes = new ConcurrentHashMap<>();

  SpotRecorder(StratusMetrics metrics) {
    this.metrics = metrics;
  }

  void noticeReceived(InterruptionNotice notice, Instant at) {
    String kind = notice.kind().name().toLowerCase(Locale.ROOT);
    metrics.noticeReceived(notice.kind());
    if (notice.endsInstance()) {
      metrics.reclaimed(true);
    }
    EventLog.emit(
        "notice",
        "instance",
        notice.instanceId(),
        "kind",
        kind,
        "deadline",
        notice.deadline(),
        "seen_at",
        notice.seenAt(),
        "received_at",
        at);
  }

  void signalled(Action.SignalJob signal, Snapshot s) {
    if (moving(s, signal.instanceId())) {
      EventLog.emit("move_signal", "job", signal.jobId(), "instance", signal.instanceId());
      return; // a deadline move: no spot notice, nothing lost to the cloud
    }
    s.cloud().instances().stream()
        .filter(i -> i.id().equals(signal.instanceId()))
        .flatMap(i -> i.nodeName().stream())
        .findFirst()
        .ifPresent(node -> noticedNodes.put(signal.instanceId(), node));
    metrics.jobSignalled();
    EventLog.emit(
        "signal",
        "job",
        signal.jobId(),
        "signal",
        signal.signal(),
        "instance",
        signal.instanceId());
  }

  /** {@code scontrol requeue} of {@code jobId} for the notice on {@code instanceId} succeeded. */
  void requeued(long jobId, String instanceId, Snapshot s, Instant at) {
    if (moving(s, instanceId)) {
      EventLog.emit("move_requeue", "job", jobId, "instance", instanceId);
      return;
    }
    Duration sinceNotice =
        s.notices().notices().stream()
            .filter(p -> p.notice().instanceId().equals(instanceId))
            .map(PendingNotice::receivedAt)
            .findFirst()
            .map(received -> Duration.between(received, at))
            .orElse(Duration.ZERO);
    Optional<SlurmJob> job = job(s, jobId);
    double lost = job.map(j -> GpuSeconds.lost(j, at)).orElse(0.0);
    metrics.jobRequeued(sinceNotice);
    metrics.gpuSecondsLost(lost, true);
    EventLog.emit(
        "requeue",
        "job",
        jobId,
        "instance",
        instanceId,
        "gpus",
        job.map(SlurmJob::gpus).orElse(0),
        "gpu_seconds_lost",
        Math.round(lost),
        "notice_to_requeue_ms",
        sinceNotice.toMillis());
  }

  /**
   * A job that lost several nodes at once is counted once in the GPU-seconds; every job of a shared
   * node is counted. The event names the node's jobs, comma-separated ({@code none}).
   */
  void instancesGone(Action.InstanceGone gone, Snapshot s, Instant at) {
    Set<String> pending = new HashSet<>();
    s.notices().notices().forEach(p -> pending.add(p.notice().instanceId()));
    noticedNodes.keySet().retainAll(pending);
    Set<String> noticed = new HashSet<>(noticedNodes.values());
    Set<Long> counted = new HashSet<>();
    for (String node : gone.nodes()) {
      boolean withNotice = noticed.contains(node);
      List<SlurmJob> jobs =
          gone.jobs().getOrDefault(node, List.of()).stream()
              .flatMap(id -> job(s, id).stream())
              .toList();
      double lost =
          jobs.stream()
              .filter(j -> counted.add(j.jobId()))
              .mapToDouble(j -> GpuSeconds.lost(j, at))
              .sum();
      if (!withNotice) {
        metrics.reclaimed(false);
      }
      metrics.gpuSecondsLost(lost, withNotice);
      EventLog.emit(
          "reclaim",
          "node",
          node,
          "notice",
          withNotice,
          "job",
          jobs.isEmpty()
              ? "none"
              : jobs.stream().map(j -> Long.toString(j.jobId())).collect(joining(",")),
          "gpu_seconds_lost",
          Math.round(lost));
    }
  }

  /** Whether the notice on {@code instanceId} is the controller's own deadline move. */
  private static boolean moving(Snapshot s, String instanceId) {
    return s.notices().notices().stream()
        .anyMatch(p -> p.notice().instanceId().equals(instanceId) && p.move().isPresent());
  }

  private static Optional<SlurmJob> job(Snapshot s, long jobId) {
    return s.slurm().jobs().stream().filter(j -> j.jobId() == jobId).findFirst();
  }
}
