package dev.stratus.testkit.azure;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * What the tests tell the ARM model to go wrong. Call faults (throttle, fail next, deny) hit
 * resource calls; operation polls have their own throttle, since ARM throttles reads and writes in
 * separate buckets and a real throttled poll asks for 30 to 60 s. Each throttled answer's {@code
 * Retry-After} is drawn from a range (seeded: runs repeat). Offering faults: exhausted capacity
 * (the operation fails), and sizes restricted in a zone or without spot capacity ({@code
 * SkuNotAvailable} at once).
 */
public final class ArmFaults {
  private final Set<String> exhausted = new HashSet<>();
  private final Set<String> failNodes = new HashSet<>();
  private final Deque<ArmReply> failNext = new ArrayDeque<>();
  private final Deque<ArmReply> failNextPut = new ArrayDeque<>();
  private final Set<String> restricted = new HashSet<>();
  private final Set<String> noSpot = new HashSet<>();
  private final Deque<int[]> throttles = new ArrayDeque<>();
  private final Deque<int[]> pollThrottles = new ArrayDeque<>();
  private final Random random = new Random(7);
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

  /** The next {@code calls} resource calls answer 429 with {@code Retry-After: 1}. */
  public synchronized void throttleNextCalls(int calls) {
    throttleNextCalls(calls, 1, 1);
  }

  /** The next {@code calls} resource calls answer 429, each asking for min..max seconds. */
  public synchronized void throttleNextCalls(int calls, int minSeconds, int maxSeconds) {
    for (int i = 0; i < calls; i++) {
      throttles.add(new int[] {minSeconds, maxSeconds});
    }
  }

  /** The next {@code polls} operation polls answer 429 asking for 30 to 60 s, as ARM's do. */
  public synchronized void throttleNextPolls(int polls) {
    throttleNextPolls(polls, 30, 60);
  }

  /** The next {@code polls} operation polls answer 429, each asking for min..max seconds. */
  public synchronized void throttleNextPolls(int polls, int minSeconds, int maxSeconds) {
    for (int i = 0; i < polls; i++) {
      pollThrottles.add(new int[] {minSeconds, maxSeconds});
    }
  }

  /** From now on the size is not offered in this zone ("" = the location) to the subscription. */
  public synchronized void restrict(String size, String zone) {
    restricted.add((size + "|" + zone).toLowerCase(Locale.ROOT));
  }

  /** From now on the location has no spot capacity for the size. */
  public synchronized void noSpotCapacity(String size) {
    noSpot.add(size.toLowerCase(Locale.ROOT));
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

  /** Whether a PUT of this size, zone and priority gets {@code SkuNotAvailable}. */
  synchronized boolean skuNotAvailable(String size, String zone, boolean spot) {
    String s = size.toLowerCase(Locale.ROOT);
    return restricted.contains(s + "|" + zone.toLowerCase(Locale.ROOT))
        || (spot && noSpot.contains(s));
  }

  /** The answer to an operation poll instead of its status, or null. */
  synchronized ArmReply nextPoll() {
    int[] range = pollThrottles.poll();
    return range == null ? null : throttled(range);
  }

  private ArmReply throttled(int[] range) {
    int seconds = range[0] + random.nextInt(range[1] - range[0] + 1);
    return ArmReply.error(
            429,
            "TooManyRequests",
            "The request is being throttled as the limit has been reached for operation type.")
        .withHeader("Retry-After", String.valueOf(seconds));
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
    int[] range = throttles.poll();
    if (range != null) {
      return throttled(range);
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
