package dev.stratus.wire;

import static dev.stratus.wire.Fields.notBlank;
import static dev.stratus.wire.Fields.notNull;

import java.time.Instant;
import java.util.List;

/**
 * One poll of a node's GPU health watcher, POSTed signed to {@code /v1/health}: which node and
 * instance, when it was read (the node's clock), a sequence number that grows with every report of
 * the watcher's life (a report older than the last one taken is dropped), whether nvidia-smi
 * answered ({@link Read}), what was found wrong, and each GPU's use.
 *
 * <p>A poll whose nvidia-smi hung or failed carries {@link Read#TIMED_OUT} or {@link Read#FAILED}
 * and no samples: the controller counts it, and never takes it for a fault by itself (a hung
 * nvidia-smi on a healthy node must not drain it); kernel-log XID events found meanwhile still
 * come.
 */
public record GpuHealthReport(
    String node,
    String instanceId,
    Instant seenAt,
    long sequence,
    Read read,
    List<GpuFinding> findings,
    List<GpuSample> samples) {
  public static final int MAX_FINDINGS = 256;
  public static final int MAX_GPUS = 64;

  /** Whether the poll's nvidia-smi answered. */
  public enum Read {
    OK,
    TIMED_OUT,
    FAILED
  }

  public GpuHealthReport {
    notBlank("node", node);
    notBlank("instanceId", instanceId);
    notNull("seenAt", seenAt);
    if (sequence < 0) {
      throw new IllegalArgumentException("sequence must be >= 0, got " + sequence);
    }
    notNull("read", read);
    findings = List.copyOf(findings);
    samples = List.copyOf(samples);
    if (findings.size() > MAX_FINDINGS) {
      throw new IllegalArgumentException(
          "at most " + MAX_FINDINGS + " findings, got " + findings.size());
    }
    if (samples.size() > MAX_GPUS) {
      throw new IllegalArgumentException("at most " + MAX_GPUS + " samples, got " + samples.size());
    }
  }

  /** The most urgent action any finding asks for, {@link HealthAction#OK} when none. */
  public HealthAction worst() {
    HealthAction w = HealthAction.OK;
    for (GpuFinding f : findings) {
      w = w.worse(f.action());
    }
    return w;
  }
}
