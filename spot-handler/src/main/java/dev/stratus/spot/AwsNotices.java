package dev.stratus.spot;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stratus.wire.InterruptionNotice;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;

/**
 * Pure parsers for the EC2 instance metadata (IMDSv2) documents about spot interruptions.
 *
 * <ul>
 *   <li>{@code /latest/meta-data/spot/instance-action}: {@code {"action": "terminate", "time":
 *       "2017-09-18T08:22:00Z"}}; the item exists only once EC2 has marked the instance to be
 *       stopped, hibernated or terminated (HTTP 404 before that: no notice, the caller's business).
 *   <li>{@code /latest/meta-data/events/recommendations/rebalance}: {@code {"noticeTime":
 *       "2020-10-27T08:22:00Z"}}: the instance is at elevated risk; it keeps running.
 * </ul>
 */
public final class AwsNotices {
  static final String INSTANCE_ACTION = "aws spot/instance-action";
  static final String REBALANCE = "aws events/recommendations/rebalance";

  /**
   * How long a rebalance recommendation leaves at the least: a reclaim that follows it comes with
   * its own two-minute notice, so the instance cannot be gone sooner than this after we saw it.
   */
  public static final Duration REBALANCE_HORIZON = Duration.ofMinutes(2);

  private static final Set<String> ACTIONS = Set.of("terminate", "stop", "hibernate");

  private AwsNotices() {}

  /**
   * The notice in an instance-action document: every action ends the instance for us (a stopped or
   * hibernated node loses its slurmd and its job), so all are {@link
   * InterruptionNotice.Kind#RECLAIM} with the document's time as deadline.
   *
   * @throws NoticeFormatException when the body is not the documented object
   */
  public static InterruptionNotice instanceAction(String instanceId, String body, Instant seenAt) {
    JsonFields f = new JsonFields(INSTANCE_ACTION);
    JsonNode doc = f.object(body);
    String action = f.text(doc, "action");
    if (!ACTIONS.contains(action)) {
      throw f.fail("action", "'" + action + "' is not one of " + ACTIONS);
    }
    Instant time = f.isoInstant(doc, "time");
    return new InterruptionNotice(instanceId, InterruptionNotice.Kind.RECLAIM, time, seenAt);
  }

  /**
   * The notice in a rebalance document: {@link InterruptionNotice.Kind#REBALANCE_RECOMMENDATION}
   * with deadline {@code seenAt +} {@link #REBALANCE_HORIZON}. {@code noticeTime} is checked but
   * not used: it says when EC2 raised the signal, not when anything ends.
   */
  public static InterruptionNotice rebalance(String instanceId, String body, Instant seenAt) {
    JsonFields f = new JsonFields(REBALANCE);
    f.isoInstant(f.object(body), "noticeTime");
    return new InterruptionNotice(
        instanceId,
        InterruptionNotice.Kind.REBALANCE_RECOMMENDATION,
        seenAt.plus(REBALANCE_HORIZON),
        seenAt);
  }
}
