package dev.stratus.core.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The GPU-health series: admission checks by level, offering and result; faults by class, action
 * and offering; nodes drained for their health; watcher reports ignored and why; idle GPU-hours of
 * jobs by pool and partition. Registered on first use, per label set.
 */
public final class HealthMetrics {
  private final MeterRegistry registry;

  public HealthMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  /** {@code result}: pass, fail or timeout. */
  public void gpuCheck(int level, String offering, String result) {
    Counter.builder("stratus.gpu.checks")
        .description("GPU admission checks run on new nodes, by level, offering and result")
        .tags("level", Integer.toString(level), "offering", offering, "result", result)
        .register(registry)
        .increment();
  }

  public void gpuFault(String errorClass, String action, String offering) {
    Counter.builder("stratus.gpu.faults")
        .description("GPU faults the controller acted on, by error class, action and offering")
        .tags("class", errorClass, "action", action, "offering", offering)
        .register(registry)
        .increment();
  }

  public void healthDrain(String action) {
    Counter.builder("stratus.gpu.health.drains")
        .description("Nodes drained for their GPU health, by action")
        .tags("action", action)
        .register(registry)
        .increment();
  }

  /** {@code why}: stale, out-of-order or unbound. */
  public void reportIgnored(String why) {
    Counter.builder("stratus.gpu.health.reports.ignored")
        .description("GPU health reports not taken, and why")
        .tags("why", why)
        .register(registry)
        .increment();
  }

  public void idleGpuHours(String pool, String partition, double hours) {
    Counter.builder("stratus.gpu.idle.gpu.hours")
        .description("GPU-hours jobs held while their GPUs stayed idle, by pool and partition")
        .tags("pool", pool, "partition", partition)
        .register(registry)
        .increment(hours);
  }
}
