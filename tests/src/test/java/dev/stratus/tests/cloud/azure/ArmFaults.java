package dev.stratus.tests.cloud.azure;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * What the tests tell the ARM model to go wrong. Call faults (throttle, fail next, deny) hit
 * resource calls only, not operation polls: ARM throttles per subscription and resource provider,
 * and a poll that fails would only make the client PUT again.
 */
public final class ArmFaults {
  private final Set<String> exhausted = new HashSet<>();
  private final Set<String> failNodes = new HashSet<>();
  private final Deque<ArmReply> failNext = new ArrayDeque<>();
  private final Deque<ArmReply> failNextPut = new ArrayDeque<>();
  private int throttle;
  private boolean deny;
  private int latencyMillis;

  /** VM creates of this size, zone ("" = regional) and priority fail to allocate from now on. */
  public synchronized void exhaust(String size, String zone, boolean spot) {
    exhausted.add(offering(size, zone, spot));
  }

  /** The VM carrying tag {@code stratus:node=<node>} fails to allocate. */
  public synchronized void failNode(String node) {
    failNodes.add(node);
  }

  public synchronized void throttleNextCalls(int calls) {
    throttle += calls;
  }

  /** The next resource call answers this error instead. */
  public synchronized void failNextCall(int status, String code, String message) {
    failNext.add(ArmReply.error(status, code, message));
  }

  /** The next PUT (VM or placement group) answers this error instead. */
  public synchronized void failNextPut(int status, String code, String message) {
    failNextPut.add(ArmReply.error(status, code, message));
  }

  /** Every resource call answers 403 AuthorizationFailed, as for an identity without a role. */
  public synchronized void deny(boolean on) {
    deny = on;
  }

  public synchronized void latencyMillis(int ms) {
    latencyMillis = ms;
  }

  synchronized int latencyMillis() {
    return latencyMillis;
  }

  synchronized boolean exhausted(String size, String zone, boolean spot) {
    return exhausted.contains(offering(size, zone, spot));
  }

  synchronized boolean failsNode(String node) {
    return node != null && failNodes.contains(node);
  }

  synchronized ArmReply next(String method, String path) {
    if (deny) {
      return ArmReply.error(
          403,
          "AuthorizationFailed",
          "The client does not have authorization to perform this action over scope '"
              + path
              + "'.");
    }
    if (throttle > 0) {
      throttle--;
      return ArmReply.error(
              429,
              "TooManyRequests",
              "The request is being throttled as the limit has been reached for operation type.")
          .withHeader("Retry-After", "1");
    }
    if ("PUT".equals(method) && !failNextPut.isEmpty()) {
      return failNextPut.poll();
    }
    return failNext.poll();
  }

  private static String offering(String size, String zone, boolean spot) {
    return (size + "|" + zone + "|" + spot).toLowerCase(Locale.ROOT);
  }
}
