package dev.stratus.provider.aws;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The client tokens one launch may use, and whether the fleet a token stands for still lives.
 *
 * <p>EC2 answers a replayed {@code ClientToken} with the first call's fleet, whatever became of its
 * instances. When they were terminated meanwhile (an abandoned launch's instances, untagged, taken
 * by the garbage collector as orphans), every replay under that token would bind terminated
 * instances and report them launched, and the request could never be served. So a launch whose
 * fleet is gone moves to the next generation of its token ({@code <token>-g1}, {@code -g2}, ...):
 * still derived, never random, so a replay of that launch finds the same live fleet again.
 */
final class FleetGenerations {
  /** How many fleets one launch may find gone before it gives up for this pass. */
  static final int MAX = 4;

  private FleetGenerations() {}

  static String token(String base, int generation) {
    return generation == 0 ? base : base + "-g" + generation;
  }

  /**
   * The ids EC2 describes as {@code shutting-down} or {@code terminated}. By filter, not by id: an
   * instance launched a moment ago may not be described yet (EC2 is eventually consistent), and an
   * unknown id would fail a by-id call; such an instance is live.
   */
  static Set<String> gone(Ec2Api api, List<String> ids) {
    Set<String> gone = new HashSet<>();
    api.describe(
            null,
            AwsNodeProvider.filter("instance-id", ids.toArray(String[]::new)),
            AwsNodeProvider.filter("instance-state-name", "shutting-down", "terminated"))
        .forEach(i -> gone.add(i.instanceId()));
    return gone;
  }
}
