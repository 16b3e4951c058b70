package dev.stratus.core.controller;

import java.util.concurrent.atomic.AtomicLong;

/** Counters since the controller started, for status, the demo's summary and metrics. */
public final class ControllerStats {
  public final AtomicLong passes = new AtomicLong();
  public final AtomicLong nodesLaunched = new AtomicLong();
  public final AtomicLong instancesTerminated = new AtomicLong();
  public final AtomicLong launchFailures = new AtomicLong();
  public final AtomicLong nodesSetDown = new AtomicLong();
  public final AtomicLong failedPasses = new AtomicLong();
  public final AtomicLong jobsSignalled = new AtomicLong();
  public final AtomicLong jobsRequeued = new AtomicLong();
}
